/** An admin page that is not built yet (the admin area is a later issue). */
export function AdminPlaceholder({ title }: { title: string }) {
  return (
    <section className="admin-placeholder">
      <h1>{title}</h1>
      <p>This part of the admin area is not available yet.</p>
    </section>
  );
}
