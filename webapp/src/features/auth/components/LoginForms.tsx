/**
 * The login modal's two forms (spec §4 Login): the e-mail, then the code it receives. Fetched when the modal
 * first opens (LoginModal.tsx keeps the calls, the store and the modal itself).
 *
 * What this module may import is narrow on purpose: React, the domain's login constants and the code cells.
 * A lazy chunk that imports the app's own stores or query hooks makes Rolldown split the entry script into
 * several files (docs/webapp.md "Chunks"); everything else comes in through the props, the texts' `t` too.
 */
import { useState, type FormEvent } from "react";
import type { MessageId, MessageValues } from "../../../lib/i18n";
import { LOGIN_CODE_LENGTH, LOGIN_CODE_TTL_MS } from "@domain/auth";
import { CodeInput } from "./CodeInput";

interface LoginFormsProps {
  /** lib/i18n.ts's `t`: the text of a message in the language in effect. */
  t: (id: MessageId, values?: MessageValues) => string;
  step: "email" | "code";
  /** The e-mail the code went to (the code step), or the one typed before (the e-mail step). */
  email: string;
  sending: boolean;
  verifying: boolean;
  resending: boolean;
  /** Sends a code to `email`; the modal moves to the code step when it went out. */
  onSendCode: (email: string) => void;
  /** Checks the code; `onRefused` gets the text to show when the server refused it (a wrong or used-up code). */
  onVerify: (code: string, onRefused: (text: string) => void) => void;
  /** Sends a new code; `onSent` once it went out. */
  onResend: (onSent: () => void) => void;
  onChangeEmail: () => void;
}

export function LoginForms(props: LoginFormsProps) {
  return props.step === "email" ? <EmailStep {...props} /> : <CodeStep {...props} />;
}

function EmailStep({ t, email: initial, sending, onSendCode }: LoginFormsProps) {
  const [email, setEmail] = useState(initial);
  const trimmed = email.trim();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === "" || sending) return;
    onSendCode(trimmed);
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate data-testid="login-email-step">
      <p className="auth-form__lead">{t("login.emailLead", { digits: LOGIN_CODE_LENGTH })}</p>
      <label className="field">
        <span className="field__label">{t("login.email")}</span>
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
      <button type="submit" className="button auth-form__submit" disabled={trimmed === "" || sending}>
        {sending && <span className="button__spinner" aria-hidden="true" />}
        {t("login.verify")}
      </button>
    </form>
  );
}

const emptyCells = () => Array.from({ length: LOGIN_CODE_LENGTH }, () => "");

function CodeStep({ t, email, verifying, resending, onVerify, onResend, onChangeEmail }: LoginFormsProps) {
  const [cells, setCells] = useState(emptyCells);
  /** Why the code was refused: a wrong code, or one that can no longer be used (ask for a new one). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const code = cells.join("");
  const complete = code.length === LOGIN_CODE_LENGTH;

  const onCellsChange = (next: string[]) => {
    setCells(next);
    setRefusal(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || verifying) return;
    onVerify(code, setRefusal);
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate data-testid="login-code-step">
      <p className="auth-form__lead">
        {t("login.codeLeadBefore", { digits: LOGIN_CODE_LENGTH })}
        <strong className="auth-form__email">{email}</strong>
        {t("login.codeLeadAfter", { minutes: LOGIN_CODE_TTL_MS / 60_000 })}
      </p>
      <CodeInput t={t} cells={cells} onChange={onCellsChange} invalid={refusal !== null} disabled={verifying} />
      <p className="auth-form__error" role="alert" data-testid="login-code-error">
        {refusal ?? ""}
      </p>
      <button type="submit" className="button auth-form__submit" disabled={!complete || verifying}>
        {verifying && <span className="button__spinner" aria-hidden="true" />}
        {t("auth.login")}
      </button>
      <div className="auth-form__links">
        <button type="button" className="text-button" onClick={onChangeEmail}>
          {t("login.changeEmail")}
        </button>
        <button
          type="button"
          className="text-button"
          onClick={() =>
            onResend(() => {
              setCells(emptyCells());
              setRefusal(null);
            })
          }
          disabled={resending}
        >
          {t("login.resend")}
        </button>
      </div>
    </form>
  );
}
