import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { CODE_USED_UP, INVALID_CODE, LOGIN_CODE_LENGTH, LOGIN_CODE_TTL_MS } from "@domain/auth";
import { Modal } from "../../../components/Modal";
import { notify } from "../../../components/notificationStore";
import { ApiRequestError, isHttpFailure } from "../../../lib/api";
import { haptic, isInsideTelegram } from "../../../lib/telegram";
import { useSendLoginCode } from "../api/useSendLoginCode";
import { useVerifyLoginCode } from "../api/useVerifyLoginCode";
import { closeLoginModal, resetLoginModal, showCodeStep, showEmailStep, useLoginModalStore } from "../stores/loginModalStore";
import { CodeInput } from "./CodeInput";
import "./auth.css";

/** Spec §4 Login: e-mail, then the 6-digit code it receives. Never shown inside Telegram. */
export function LoginModal() {
  const open = useLoginModalStore((state) => state.open);
  const step = useLoginModalStore((state) => state.step);
  if (isInsideTelegram()) return null;
  return (
    <Modal active={open} onClose={closeLoginModal} title="Log in" className="auth-modal">
      {step === "email" ? <EmailStep /> : <CodeStep />}
    </Modal>
  );
}

function EmailStep() {
  const [email, setEmail] = useState(() => useLoginModalStore.getState().email);
  const sendCode = useSendLoginCode();
  const trimmed = email.trim();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === "" || sendCode.isPending) return;
    sendCode.mutate(trimmed, { onSuccess: () => showCodeStep(trimmed) });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate data-testid="login-email-step">
      <p className="auth-form__lead">Enter your e-mail and we will send you a {LOGIN_CODE_LENGTH}-digit code to log in.</p>
      <label className="field">
        <span className="field__label">E-mail</span>
        <input
          className="field__input"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoFocus
          data-testid="login-email"
        />
      </label>
      <button type="submit" className="button auth-form__submit" disabled={trimmed === "" || sendCode.isPending}>
        {sendCode.isPending && <span className="button__spinner" aria-hidden="true" />}
        Verify
      </button>
    </form>
  );
}

const emptyCells = () => Array.from({ length: LOGIN_CODE_LENGTH }, () => "");

function CodeStep() {
  const email = useLoginModalStore((state) => state.email);
  const [cells, setCells] = useState(emptyCells);
  /** Why the code was refused: a wrong code, or one that can no longer be used (ask for a new one). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const invalid = refusal !== null;
  const [, navigate] = useLocation();
  const verify = useVerifyLoginCode();
  const resend = useSendLoginCode();
  const code = cells.join("");
  const complete = code.length === LOGIN_CODE_LENGTH;

  const onCellsChange = (next: string[]) => {
    setCells(next);
    setRefusal(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || verify.isPending) return;
    verify.mutate(
      { email, code },
      {
        onSuccess: (answer) => {
          haptic("success");
          notify(`You are logged in as ${answer.user.email ?? email}`, "S");
          const next = useLoginModalStore.getState().next;
          resetLoginModal();
          if (next) navigate(next);
        },
        onError: (error) => {
          if (!isHttpFailure(error, 401)) return;
          haptic("error");
          setRefusal(error instanceof ApiRequestError && error.code === "CODE_USED_UP" ? CODE_USED_UP : INVALID_CODE);
        },
      },
    );
  };

  const onResend = () => {
    resend.mutate(email, {
      onSuccess: () => {
        setCells(emptyCells());
        setRefusal(null);
        notify(`A new code was sent to ${email}`, "S");
      },
    });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate data-testid="login-code-step">
      <p className="auth-form__lead">
        We sent a {LOGIN_CODE_LENGTH}-digit code to <strong className="auth-form__email">{email}</strong>. It is valid
        for {LOGIN_CODE_TTL_MS / 60_000} minutes.
      </p>
      <CodeInput cells={cells} onChange={onCellsChange} invalid={invalid} disabled={verify.isPending} />
      <p className="auth-form__error" role="alert" data-testid="login-code-error">
        {refusal ?? ""}
      </p>
      <button type="submit" className="button auth-form__submit" disabled={!complete || verify.isPending}>
        {verify.isPending && <span className="button__spinner" aria-hidden="true" />}
        Log in
      </button>
      <div className="auth-form__links">
        <button type="button" className="text-button" onClick={showEmailStep}>
          Change e-mail
        </button>
        <button type="button" className="text-button" onClick={onResend} disabled={resend.isPending}>
          Send a new code
        </button>
      </div>
    </form>
  );
}
