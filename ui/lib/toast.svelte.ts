// Short confirmations and failures, announced politely to screen readers by <Toasts>.
export interface Toast {
  id: number;
  text: string;
  tone: "ok" | "bad" | "info";
}

export const toasts = $state<Toast[]>([]);
let next = 1;

export function toast(text: string, tone: Toast["tone"] = "ok", ms = 4000) {
  const id = next++;
  toasts.push({ id, text, tone });
  setTimeout(() => dismiss(id), ms);
}

export function dismiss(id: number) {
  const i = toasts.findIndex((t) => t.id === id);
  if (i >= 0) toasts.splice(i, 1);
}
