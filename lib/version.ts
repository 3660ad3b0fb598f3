// The service version, stamped in by the bundler; "dev" when running from source.
declare const __SVC_VERSION__: string | undefined;
export const VERSION: string = typeof __SVC_VERSION__ === "string" ? __SVC_VERSION__ : "0.1.0-dev";
