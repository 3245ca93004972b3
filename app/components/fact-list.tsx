/** A record's facts as a description list: a term and its value a row (exercise details, session details). */
export function FactList({ facts, className }: { facts: readonly (readonly [string, string])[]; className: string }) {
  return (
    <dl className={className}>
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
