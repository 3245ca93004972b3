/** `/admin/users/signup-link`: a provider's sign-up link by `?email=` (003 §2). */
import { SignupLinkPage } from "../areas/admin/users/users-pages";
import { loadSignupLink } from "../areas/admin/users/users-route.server";
import usersStyles from "../areas/admin/users/users.css?url";
import type { Route } from "./+types/admin.users.signup-link";

export const meta = (): Route.MetaDescriptors => [{ title: "Get Provider Signup Link | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: usersStyles }];
export const loader = loadSignupLink;

export default SignupLinkPage;
