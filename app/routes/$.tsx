/** Any unknown URL: the spec's not-found page (rendered by the root's error boundary, status 404). */
import { data } from "@remix-run/node";

export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
