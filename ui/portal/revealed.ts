// A signing secret shown once after creation: kept in memory only, handed from the form to the endpoint's page.
export const revealed: { webhookId?: string; secret?: string } = {};

export function takeRevealed(webhookId: string): string | undefined {
  if (revealed.webhookId !== webhookId || !revealed.secret) return undefined;
  const secret = revealed.secret;
  delete revealed.webhookId;
  delete revealed.secret;
  return secret;
}
