import type { StaffOrder } from "@domain/contracts/staff";
import { LoadMore } from "../../../components/LoadMore";
import { groupByDay } from "../staffOrder";
import { StaffOrderRow } from "./StaffOrderRow";
import "./handover.css";

interface StaffOrderListProps {
  orders: readonly StaffOrder[];
  measuredAt: number;
  canTake: boolean;
  /** Another page waits behind `next_cursor`. */
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  emptyText: string;
}

/** Orders grouped by day (DD.M.YYYY); older pages load as the list's end scrolls into view. */
export function StaffOrderList({ orders, measuredAt, canTake, hasMore, loadingMore, onMore, emptyText }: StaffOrderListProps) {
  if (orders.length === 0) {
    return (
      <p className="staff-empty" data-testid="staff-empty">
        {emptyText}
      </p>
    );
  }
  return (
    <>
      {groupByDay(orders).map(({ day, orders: ofDay }) => (
        <div key={day} className="staff-day">
          <h3 className="staff-day__date" data-testid="staff-day">
            {day}
          </h3>
          <ul className="staff-list">
            {ofDay.map((order) => (
              <StaffOrderRow key={order.id} order={order} measuredAt={measuredAt} canTake={canTake} />
            ))}
          </ul>
        </div>
      ))}
      <LoadMore hasMore={hasMore} loading={loadingMore} onMore={onMore} />
    </>
  );
}
