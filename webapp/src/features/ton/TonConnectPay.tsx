/**
 * TON Connect's UI (about 120 kB gzipped): its own lazy chunk, fetched when a customer pays. Mounted for one
 * attempt: connects a wallet if none is, asks it for one message (the shop's wallet, the amount in nanoTON, the
 * comment as a text payload, valid for 5 minutes) and reports the wallet's reply or its refusal.
 *
 * The UI is `@tonconnect/ui` 2.4.4 (what `@tonconnect/ui-react` 2.4.4 wraps in a provider and hooks) from its
 * browser build, imported as a file like the Telegram SDK: the package's ES build pulls in tweetnacl, whose
 * `typeof require` makes Rolldown put its `require` helper into the customer's entry (+0.3 kB gzipped), which
 * must not grow (docs/webapp.md "Chunks", docs/decisions.md "TON payment").
 */
import { useEffect } from "react";
import type { TonConnectUI } from "@tonconnect/ui";
import type { TonQuote } from "@domain/contracts/ton";
// @ts-expect-error: the browser build has no types of its own; its exports are typed where they are read.
import tonConnectBuild from "../../../../node_modules/@tonconnect/ui/dist/tonconnect-ui.min.js";

interface PayProps {
  quote: TonQuote;
  onSent: (boc: string) => void;
  onFailed: () => void;
}

/** The message's validUntil: a wallet must not send it later. */
const MESSAGE_TTL_S = 5 * 60;

const { TonConnectUI: TonConnectUIClass } = tonConnectBuild as { TonConnectUI: new (options: object) => TonConnectUI };
/** One UI per page, as TON Connect wants it (it keeps the wallet's session in localStorage). */
let instance: TonConnectUI | null = null;
function tonConnect(): TonConnectUI {
  instance ??= new TonConnectUIClass({ manifestUrl: `${window.location.origin}/tonconnect-manifest.json`, analytics: { mode: "off" } });
  return instance;
}

export default function TonConnectPay({ quote, onSent, onFailed }: PayProps) {
  useEffect(() => {
    let live = true;
    const ui = tonConnect();
    const send = async () => {
      await ui.connectionRestored;
      if (!ui.connected) await ui.connectWallet();
      const validUntil = Math.floor(Date.now() / 1000) + MESSAGE_TTL_S;
      // A wallet that never answers is as good as one that declined, once the message can no longer be sent.
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timed out")), (MESSAGE_TTL_S + 30) * 1000));
      const reply = await Promise.race([ui.sendTransaction({ validUntil, messages: [{ address: quote.address, amount: quote.amount_nano, payload: quote.payload }] }), timeout]);
      return reply.boc;
    };
    send().then(
      (boc) => live && onSent(boc),
      () => live && onFailed(),
    );
    return () => {
      live = false;
    };
    // One attempt per mount: the parent mounts a new one (a new key) for a retry.
  }, []);
  return null;
}
