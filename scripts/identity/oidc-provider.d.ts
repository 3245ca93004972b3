/**
 * The part of `oidc-provider` (v9, which ships no types) that scripts/identity/oidc-hosted-ui.ts uses.
 * @types/oidc-provider would replace this file.
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface KoaContextWithOIDC {
    path: string;
    status: number;
    body: unknown;
    oidc?: { route?: string; entities: { Grant?: { jti: string } } };
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[] };
    params: Record<string, string | undefined>;
  }

  export class Check {
    static REQUEST_PROMPT: true;
    static NO_NEED_TO_PROMPT: false;
    constructor(reason: string, description: string, error: string, check: (ctx: { oidc: { result?: { login?: unknown } } }) => boolean);
  }

  interface Prompt {
    name: string;
    checks: Check[];
  }

  export const interactionPolicy: {
    Check: typeof Check;
    base(): Prompt[] & { get(name: string): Prompt | undefined };
  };

  export interface Configuration {
    clients?: Record<string, unknown>[];
    jwks?: { keys: Record<string, unknown>[] };
    cookies?: { keys?: string[] };
    routes?: Record<string, string>;
    scopes?: string[];
    features?: Record<string, { enabled: boolean }>;
    interactions?: { url(ctx: unknown, interaction: { uid: string }): string; policy?: Prompt[] };
    findAccount?(ctx: unknown, sub: string): Promise<{ accountId: string; claims(): Promise<Record<string, unknown>> } | undefined>;
    ttl?: Record<string, number>;
    adapter?: (model: string) => object;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    Grant: (new (init: { accountId: string; clientId: string }) => { addOIDCScope(scope: string): void; save(): Promise<string> }) & {
      find(id: string): Promise<{ destroy(): Promise<void> } | undefined>;
    };
    /** The end-user's sign-on session (its cookie on the provider's domain). */
    Session: {
      get(ctx: { req: IncomingMessage; res: ServerResponse; secure?: boolean }): Promise<{ authorizations?: Record<string, { grantId?: string }>; destroy(): Promise<void> }>;
    };
  }
}
