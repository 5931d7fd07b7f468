import { create } from "zustand";
import { NOTIFICATION_MS } from "@domain/constants";

/** Spec §4 "Notifications": W warning (red-orange), S success (green), N neutral (grey). */
type NotificationType = "W" | "S" | "N";

interface Notification {
  id: number;
  message: string;
  type: NotificationType;
}

interface NotificationState {
  notifications: Notification[];
  dismiss: (id: number) => void;
}

export const useNotificationStore = create<NotificationState>()((set) => ({
  notifications: [],
  dismiss: (id) => set((state) => ({ notifications: state.notifications.filter((n) => n.id !== id) })),
}));

let lastId = 0;

/** Shows a banner that clears itself after NOTIFICATION_MS. */
export function notify(message: string, type: NotificationType = "N"): void {
  const { notifications, dismiss } = useNotificationStore.getState();
  // A poll failing every 15 s must not stack the same banner over and over.
  if (notifications.some((n) => n.message === message && n.type === type)) return;
  const id = ++lastId;
  useNotificationStore.setState({ notifications: [...notifications, { id, message, type }] });
  setTimeout(() => dismiss(id), NOTIFICATION_MS);
}
