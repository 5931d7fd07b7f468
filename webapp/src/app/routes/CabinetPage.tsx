import { UserIcon } from "../../components/icons";

/** The signed-in customer's cabinet; its boxes (referrals, orders, bonuses) arrive with sign-in. */
export function CabinetPage() {
  return (
    <section className="page">
      <h1 className="page__title">Cabinet</h1>
      <div className="status-message">
        <span className="status-message__icon">
          <UserIcon />
        </span>
        <p>Your orders, bonus history and referral link will show here.</p>
      </div>
    </section>
  );
}
