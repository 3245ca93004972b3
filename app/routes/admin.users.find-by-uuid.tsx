/** `/admin/users/find-by-uuid`: find a user by `?uuid=` or `?email=` (003 §2). */
import type { MetaFunction } from "@remix-run/node";
import { FindUserPage } from "../areas/admin/users/users-pages";
import { loadFindUser } from "../areas/admin/users/users-route.server";
import usersStyles from "../areas/admin/users/users.css";

export const meta: MetaFunction = () => [{ title: "Get User By UUID | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: usersStyles }];
export const loader = loadFindUser;

export default FindUserPage;
