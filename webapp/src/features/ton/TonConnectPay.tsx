/**
 * TON Connect's UI (about 120 kB gzipped): its own lazy chunk, fetched when a customer pays. Mounted for one
 * attempt: connects a wallet if none is, asks it for one message (the shop's wallet, the amount in nanoTON, the
 * comment as a text payload, valid for 5 minutes) and reports the wallet's reply or its refusal.
 *
 * `@tonconnect/ui-react` gives the provider and the hook; the UI under it is `@tonconnect/ui`'s browser build
 * (see ./tonConnectUi.ts for why).
 */
import { useEffect } from "react";
import { TonConnectUIProvider, useTonConnectUI } from "@tonconnect/ui-react";
import type { TonQuote } from "@domain/contracts/ton";

interface PayProps {
  quote: TonQuote;
  /**
   * TON Connect's own dialogs speak English and Russian only (Thai customers get its English). Passed in: this
   * chunk imports nothing of the entry, or the bundler splits the entry (docs/webapp.md "Chunks").
   */
  language: "en" | "ru";
  onSent: (boc: string) => void;
  onFailed: () => void;
}

/** The message's validUntil: a wallet must not send it later. */
const MESSAGE_TTL_S = 5 * 60;

export default function TonConnectPay(props: PayProps) {
  // TON Connect keeps one UI per page (a singleton that holds the wallet's session in localStorage).
  return (
    <TonConnectUIProvider
      manifestUrl={`${window.location.origin}/tonconnect-manifest.json`}
      analytics={{ mode: "off" }}
      language={props.language}
    >
      <SendOnce {...props} />
    </TonConnectUIProvider>
  );
}

function SendOnce({ quote, onSent, onFailed }: PayProps) {
  const [ui] = useTonConnectUI();
  useEffect(() => {
    let live = true;
    const send = async () => {
      await ui.connectionRestored;
      if (!ui.connected) await ui.connectWallet();
      const validUntil = Math.floor(Date.now() / 1000) + MESSAGE_TTL_S;
      // A wallet that never answers is as good as one that declined, once the message can no longer be sent.
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timed out")), (MESSAGE_TTL_S + 30) * 1000));
      const reply = await Promise.race([
        ui.sendTransaction({ validUntil, messages: [{ address: quote.address, amount: quote.amount_nano, payload: quote.payload }] }),
        timeout,
      ]);
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one attempt per mount, whatever the props become
  }, []);
  return null;
}
