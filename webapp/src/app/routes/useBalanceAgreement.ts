import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { refreshSessionUser } from "../../features/auth/api/useMe";
import { useSession } from "../../features/auth/hooks/useSession";
import { walletBalanceIn } from "../../features/partner/api/walletBalance";

/**
 * The balance chip reads the session (`/api/me`), the cabinet and the bonus history read the wallet
 * (`/api/partner…`): whenever a wallet answer shows another balance (a bonus earned or spent meanwhile), the
 * session is asked again, so the balance chip and the wallet show one figure. Mounted once, by the router: the
 * partner screens' own chunk needs no part of it.
 */
export function useBalanceAgreement(): void {
  const queryClient = useQueryClient();
  const sessionBalance = useRef<number | undefined>(undefined);
  sessionBalance.current = useSession().user?.balance;
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "success") return;
        const walletBalance = walletBalanceIn(event.query.queryKey, event.query.state.data);
        if (walletBalance !== undefined && sessionBalance.current !== undefined && walletBalance !== sessionBalance.current) {
          refreshSessionUser(queryClient);
        }
      }),
    [queryClient],
  );
}
