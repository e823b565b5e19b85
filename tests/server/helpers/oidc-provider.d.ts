// oidc-provider ships no types; this covers the part the OpenID Connect tests drive.
declare module 'oidc-provider' {
  import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

  interface Interaction {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown> & { client_id: string; scope: string };
    session?: { accountId: string };
    grantId?: string;
  }

  class Grant {
    constructor(init: { accountId: string; clientId: string });
    static find(id: string): Promise<Grant | undefined>;
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    readonly Grant: typeof Grant;
    /** Each provider instance has its own client class, so patching its prototype stays within that provider. */
    readonly Client: { prototype: { compareClientSecret(actual: string | undefined): boolean | Promise<boolean> } };
    callback(): RequestListener;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  }
}
