/**
 * The demo accounts of the embedded default: one sign-in each in the identity service (provisioned by
 * scripts/identity) and a practitioner row in the demo world (seeded by the core seed with these userIds).
 * Passwords are demo-only and printed by the dev command.
 */
export interface DemoAccount {
  /** Identity-service username (also the practitioner's userId). */
  userId: string;
  email: string;
  password: string;
  groups: string[];
  firstName: string;
  lastName: string;
  /** Which demo organization the account belongs to (key of the core seed's organizations). */
  organization: "frontRange" | "scanOnly" | "research" | "disabled" | "internal";
  description: string;
}

export const DEMO_PASSWORD = "Exer-demo-2026!";

export const demoAccounts: DemoAccount[] = [
  { userId: "5b0a3f4e-1c2d-4e8f-9a01-000000000001", email: "practitioner@frontrange.example", password: DEMO_PASSWORD, groups: ["PORTAL_PRACTITIONER"], firstName: "Maya", lastName: "Okafor", organization: "frontRange", description: "Practitioner (all four products, two locations)" },
  { userId: "5b0a3f4e-1c2d-4e8f-9a01-000000000002", email: "admin@frontrange.example", password: DEMO_PASSWORD, groups: ["PORTAL_PROVIDER_ADMIN"], firstName: "Daniel", lastName: "Reyes", organization: "frontRange", description: "Provider admin (whole organization)" },
  { userId: "5b0a3f4e-1c2d-4e8f-9a01-000000000003", email: "practitioner2@frontrange.example", password: DEMO_PASSWORD, groups: ["PORTAL_PRACTITIONER"], firstName: "Priya", lastName: "Natarajan", organization: "frontRange", description: "Practitioner at one other location" },
  { userId: "5b0a3f4e-1c2d-4e8f-9a01-000000000004", email: "scan@scanonly.example", password: DEMO_PASSWORD, groups: ["PORTAL_PROVIDER_ADMIN"], firstName: "Lena", lastName: "Fischer", organization: "scanOnly", description: "Scan-only provider admin" },
  { userId: "5b0a3f4e-1c2d-4e8f-9a01-000000000005", email: "research@research.example", password: DEMO_PASSWORD, groups: ["PORTAL_PRACTITIONER"], firstName: "Tomás", lastName: "Alvarez", organization: "research", description: "Practitioner of a research organization" },
  { userId: "5b0a3f4e-1c2d-4e8f-9a01-000000000006", email: "disabled@closedclinic.example", password: DEMO_PASSWORD, groups: ["PORTAL_PROVIDER_ADMIN"], firstName: "Grace", lastName: "Kim", organization: "disabled", description: "Provider admin of a disabled organization (refused)" },
  { userId: "5b0a3f4e-1c2d-4e8f-9a01-000000000007", email: "productadmin@exer.example", password: DEMO_PASSWORD, groups: ["EXER_ADMIN"], firstName: "Sam", lastName: "Whitaker", organization: "internal", description: "Product admin (admin area)" },
  { userId: "5b0a3f4e-1c2d-4e8f-9a01-000000000008", email: "support@exer.example", password: DEMO_PASSWORD, groups: ["EXER_SUPPORT"], firstName: "Noor", lastName: "Haddad", organization: "internal", description: "Support staff (admin area)" },
  { userId: "5b0a3f4e-1c2d-4e8f-9a01-000000000009", email: "nogroups@frontrange.example", password: DEMO_PASSWORD, groups: [], firstName: "Ivy", lastName: "Brooks", organization: "frontRange", description: "Account without groups (no portal access)" },
];
