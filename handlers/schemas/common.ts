// Wire schemas shared by many operations: names, string maps, JSON objects.
import { z } from "zod";

export { resourceName } from "../../lib/http/wire.ts";

/** map<string,string> on the wire. Keys are the user's and never renamed. */
export const stringMap = () => z.record(z.string(), z.string({ error: "values must be strings" }));

/** A protobuf Struct: any JSON object. */
export const jsonObject = () => z.record(z.string(), z.unknown(), { error: "must be a JSON object" });

export const timestamp = () => z.string().describe("RFC 3339 UTC timestamp");
