import { useNotificationStore } from "./notificationStore";
import "./Notifications.css";

export function Notifications() {
  const notifications = useNotificationStore((state) => state.notifications);
  const dismiss = useNotificationStore((state) => state.dismiss);
  return (
    <div className="notifications" aria-live="polite">
      {notifications.map((notification) => (
        <div
          key={notification.id}
          className="notification"
          data-type={notification.type}
          data-testid="notification"
          role={notification.type === "W" ? "alert" : "status"}
          onClick={() => dismiss(notification.id)}
        >
          {notification.message}
        </div>
      ))}
    </div>
  );
}
