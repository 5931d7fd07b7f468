import { useEffect, useState } from "react";
import { AGE_LIMIT } from "@domain/constants";
import { Modal } from "../../../components/Modal";
import { t } from "../../../lib/i18n";
import { confirmAge, isAgeConfirmed } from "../ageConfirmation";
import { useSession } from "../hooks/useSession";
import { useLoginModalStore } from "../stores/loginModalStore";
import "./auth.css";

/**
 * Spec §4 Age gate: asks until the answer YES is stored; NO only closes it for now. Asked again whenever the
 * signed-in e-mail changes. Waits while the login modal is open, so the two never stack. It must be answered:
 * no close icon, and neither the backdrop nor Escape closes it; YES has the focus.
 */
export function AgeGate() {
  const email = useSession().user?.email ?? null;
  const loginOpen = useLoginModalStore((state) => state.open);
  const [asking, setAsking] = useState(() => !isAgeConfirmed());

  useEffect(() => {
    setAsking(!isAgeConfirmed());
  }, [email]);

  const decline = () => setAsking(false);
  const accept = () => {
    confirmAge();
    setAsking(false);
  };

  return (
    <Modal active={asking && !loginOpen} title={t("age.title")} className="auth-modal age-gate">
      <div className="age-gate__badge" aria-hidden="true">
        {AGE_LIMIT}+
      </div>
      <p className="age-gate__text">
        {t("age.text", { age: AGE_LIMIT })}
      </p>
      <div className="auth-actions">
        <button type="button" className="button button--ghost" onClick={decline} data-testid="age-no">
          {t("auth.no")}
        </button>
        <button type="button" className="button" onClick={accept} autoFocus data-testid="age-yes">
          {t("auth.yes")}
        </button>
      </div>
    </Modal>
  );
}
