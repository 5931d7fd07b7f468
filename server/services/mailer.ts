/**
 * Outgoing mail. With SMTP_URL it goes over SMTP (nodemailer); without it (development only: production
 * refuses to start) the message is written to the log and kept in the dev outbox the dev page shows.
 */
import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import { LOGIN_CODE_TTL_MS } from "../domain/auth";
import { DEFAULT_LOCALE, type Locale } from "../domain/locale";
import { translateServer } from "../locales";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The code mail, in the language of the request that asked for it (English unless told otherwise). */
export function loginCodeMail(to: string, code: string, locale: Locale = DEFAULT_LOCALE): Mail {
  const minutes = LOGIN_CODE_TTL_MS / 60_000;
  return {
    to,
    subject: translateServer(locale, "Your Koh Samui Store code: {code}", { code }),
    text: [
      translateServer(locale, "Your login code is {code}.", { code }),
      "",
      translateServer(
        locale,
        "It works once, for {minutes} minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without it.",
        { minutes },
      ),
    ].join("\n"),
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/** The last messages a development server would have mailed, newest first. */
export class DevOutbox {
  private readonly mails: (Mail & { at: string })[] = [];
  constructor(private readonly keep = 50) {}

  add(mail: Mail, at: string): void {
    this.mails.unshift({ ...mail, at });
    this.mails.length = Math.min(this.mails.length, this.keep);
  }

  list(): readonly (Mail & { at: string })[] {
    return this.mails;
  }
}

export function createDevMailer(log: FastifyBaseLogger, outbox: DevOutbox, clock: () => number): Mailer {
  return {
    async send(mail) {
      outbox.add(mail, new Date(clock()).toISOString());
      log.warn(
        { to: mail.to, subject: mail.subject },
        `no SMTP_URL: mail kept in the dev outbox (/dev/outbox): ${mail.text.split("\n")[0]}`,
      );
    },
  };
}
