// Who is calling. `disabled` means SVC_API_KEY is unset and every caller has full access.
export type Principal =
  | { kind: "disabled" }
  | { kind: "master" }
  | { kind: "token"; tokenId: string; name: string; consumer: string | null }
  | { kind: "anonymous" };

export type TokenPrincipal = Extract<Principal, { kind: "token" }>;
