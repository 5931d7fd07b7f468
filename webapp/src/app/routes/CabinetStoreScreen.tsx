import type { ComponentProps } from "react";
import { showsOwnShop } from "../../features/cabinet/cabinetView";
import { CabinetStoreView } from "../../features/cabinet/components/CabinetStoreView";
import { useStoreBonusHistory } from "../../features/partner/api/useStoreBonusHistory";

/** The cabinet's store view with the shop's incomes, from the bonus history /refstat/store lists (one query of it). */
export function CabinetStoreScreen(props: Omit<ComponentProps<typeof CabinetStoreView>, "shopIncome">) {
  const history = useStoreBonusHistory({ enabled: showsOwnShop(props.user, props.view) });
  return <CabinetStoreView {...props} shopIncome={history.data?.pages[0]?.income_sum} />;
}
