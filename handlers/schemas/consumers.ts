// Wire shapes of namespaces (consumers on REST).
import { z } from "zod";
import { resourceName } from "./common.ts";

export const namespaceName = () => resourceName("namespace");
export const consumerName = () => resourceName("consumer");

export const namespaceSchema = z.object({ name: z.string(), created_at: z.string() });
