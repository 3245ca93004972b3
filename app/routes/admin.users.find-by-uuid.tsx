/** `/admin/users/find-by-uuid`: find a user by `?uuid=` or `?email=` (003 §2). */
import { FindUserPage } from "../areas/admin/users/users-pages";
import { loadFindUser } from "../areas/admin/users/users-route.server";
import usersStyles from "../areas/admin/users/users.css?url";
import type { Route } from "./+types/admin.users.find-by-uuid";

export const meta = (): Route.MetaDescriptors => [{ title: "Get User By UUID | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: usersStyles }];
export const loader = loadFindUser;

export default FindUserPage;
