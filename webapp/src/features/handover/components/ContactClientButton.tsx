import { ChatIcon } from "../../../components/moreIcons";
import { notify } from "../../../components/notificationStore";
import { t } from "../../../lib/i18n";
import { haptic } from "../../../lib/telegram";
import { closeApp } from "../../../lib/telegramActions";
import { useContactClient } from "../api/useContactClient";

/**
 * 'Contact client' (spec §7 contact_via_bot): the bot sends the manager a button into the customer's chat; inside
 * Telegram the app then closes so the manager lands in that chat.
 */
export function ContactClientButton({ orderId }: { orderId: number }) {
  const contact = useContactClient();
  const onContact = () =>
    contact.mutate(orderId, {
      onSuccess: (ok) => {
        if (!ok) {
          haptic("error");
          notify(t("staff.handover.contactFailed"), "W");
          return;
        }
        haptic("success");
        notify(t("staff.handover.contactSent"), "S");
        closeApp();
      },
    });
  return (
    <button type="button" className="button button--ghost" onClick={onContact} disabled={contact.isPending} data-testid="contact-client">
      {contact.isPending ? <span className="button__spinner" aria-hidden="true" /> : <ChatIcon />}
      {t("staff.handover.contact")}
    </button>
  );
}
