import { lazy, Suspense } from "react";
import { useLocation } from "wouter";
import { Modal } from "../../../components/Modal";
import { notify } from "../../../components/notificationStore";
import { ApiRequestError, isHttpFailure } from "../../../lib/api";
import { t } from "../../../lib/i18n";
import { haptic, isInsideTelegram } from "../../../lib/telegram";
import { useSendLoginCode } from "../api/useSendLoginCode";
import { useVerifyLoginCode } from "../api/useVerifyLoginCode";
import { closeLoginModal, resetLoginModal, showCodeStep, showEmailStep, useLoginModalStore } from "../stores/loginModalStore";
import "./auth.css";

/** The forms themselves: a chunk of their own, fetched when the modal first opens (the first screen never needs them). */
const LoginForms = lazy(() => import("./LoginForms").then((module) => ({ default: module.LoginForms })));

/** Spec §4 Login: e-mail, then the 6-digit code it receives. Never shown inside Telegram. */
export function LoginModal() {
  const open = useLoginModalStore((state) => state.open);
  const step = useLoginModalStore((state) => state.step);
  const email = useLoginModalStore((state) => state.email);
  const [, navigate] = useLocation();
  const sendCode = useSendLoginCode();
  const verify = useVerifyLoginCode();
  const resend = useSendLoginCode();
  if (isInsideTelegram()) return null;

  const onVerify = (code: string, onRefused: (text: string) => void) =>
    verify.mutate(
      { email, code },
      {
        onSuccess: (answer) => {
          haptic("success");
          notify(t("login.loggedIn", { email: answer.user.email ?? email }), "S");
          const next = useLoginModalStore.getState().next;
          resetLoginModal();
          if (next) navigate(next);
        },
        onError: (error) => {
          if (!isHttpFailure(error, 401)) return;
          haptic("error");
          onRefused(t(error instanceof ApiRequestError && error.code === "CODE_USED_UP" ? "login.codeUsedUp" : "login.invalidCode"));
        },
      },
    );

  return (
    <Modal active={open} onClose={closeLoginModal} title={t("auth.login")} className="auth-modal">
      <Suspense
        fallback={
          <p className="auth-form__loading" role="status" aria-label={t("shell.loading")}>
            <span className="spinner" aria-hidden="true" />
          </p>
        }
      >
        <LoginForms
          t={t}
          step={step}
          email={email}
          sending={sendCode.isPending}
          verifying={verify.isPending}
          resending={resend.isPending}
          onSendCode={(address) => sendCode.mutate(address, { onSuccess: () => showCodeStep(address) })}
          onVerify={onVerify}
          onResend={(onSent) =>
            resend.mutate(email, {
              onSuccess: () => {
                onSent();
                notify(t("login.codeResent", { email }), "S");
              },
            })
          }
          onChangeEmail={showEmailStep}
        />
      </Suspense>
    </Modal>
  );
}
