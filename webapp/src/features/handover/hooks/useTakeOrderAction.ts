import { notify } from "../../../components/notificationStore";
import { t } from "../../../lib/i18n";
import { haptic } from "../../../lib/telegram";
import { useTakeOrder } from "../api/useTakeOrder";

/**
 * 'take order' with its answer told (spec §7): "You've succesfuly got order", or the server's 'Another manager
 * got this order' as a banner (the query layer shows every failure).
 */
export function useTakeOrderAction() {
  const take = useTakeOrder();
  return {
    take: (orderId: number) =>
      take.mutate(orderId, {
        onSuccess: () => {
          haptic("success");
          notify(t("staff.tookOrder"), "S");
        },
        onError: () => haptic("error"),
      }),
    pending: take.isPending,
  };
}
