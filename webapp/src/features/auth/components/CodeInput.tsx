import { useEffect, useRef, type ChangeEvent, type ClipboardEvent, type FormEvent, type KeyboardEvent } from "react";
import type { MessageId, MessageValues } from "../../../lib/i18n";

interface CodeInputProps {
  /** lib/i18n.ts's `t` (this module is in the login forms' lazy chunk: see LoginForms.tsx). */
  t: (id: MessageId, values?: MessageValues) => string;
  /** One entry per cell: a single digit or "". */
  cells: string[];
  onChange: (cells: string[]) => void;
  invalid: boolean;
  disabled: boolean;
}

const onlyDigits = (text: string) => text.replace(/\D/g, "");

/**
 * The one-time code as separate cells (spec §5 Login): single digits only, focus moves on as digits come and
 * back on Backspace, and pasting (or the phone's autofill) spreads the digits over the cells.
 */
export function CodeInput({ t, cells, onChange, invalid, disabled }: CodeInputProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focusCell = (index: number) => {
    const input = inputs.current[Math.max(0, Math.min(cells.length - 1, index))];
    input?.focus();
    input?.select();
  };

  // A refused code stays in view (red) with the first cell's digit selected: typing the code again replaces the
  // digits one by one from the start, nothing to delete first.
  useEffect(() => {
    if (invalid && !disabled) focusCell(0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new refusal only, not on every digit
  }, [invalid, disabled]);

  /** Writes digits from `start` on and puts the focus after the last one. */
  const spread = (start: number, digits: string) => {
    const next = [...cells];
    let index = start;
    for (const digit of digits.slice(0, cells.length - start)) next[index++] = digit;
    onChange(next);
    focusCell(index);
  };

  const onCellChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const typed = (event.nativeEvent as InputEvent).data;
    const digits = onlyDigits(event.target.value);
    if (digits === "") {
      onChange(cells.map((cell, i) => (i === index ? "" : cell)));
    } else if (typed !== null && typed.length === 1) {
      // A key press: the new digit replaces whatever the cell held.
      if (/\d/.test(typed)) spread(index, typed);
    } else {
      // Autofill or an input method that delivers the whole code at once.
      spread(digits.length >= cells.length ? 0 : index, digits);
    }
  };

  // Typing over a cell the same digit it holds changes no value, so React calls no onChange: the focus must still
  // move on (retyping a code that starts like the refused one).
  const onCellInput = (index: number) => (event: FormEvent<HTMLInputElement>) => {
    const typed = (event.nativeEvent as InputEvent).data;
    if (typed !== null && typed.length === 1 && typed === cells[index]) spread(index, typed);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace" && cells[index] === "" && index > 0) {
      event.preventDefault();
      onChange(cells.map((cell, i) => (i === index - 1 ? "" : cell)));
      focusCell(index - 1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      focusCell(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      focusCell(index + 1);
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = onlyDigits(event.clipboardData.getData("text"));
    if (digits === "") return;
    // A whole code goes in from the first cell wherever the caret was.
    spread(digits.length >= cells.length ? 0 : index, digits);
  };

  return (
    <div className="code-input" data-invalid={invalid || undefined} data-testid="code-input">
      {cells.map((cell, index) => (
        <input
          key={index}
          ref={(input) => {
            inputs.current[index] = input;
          }}
          className="code-input__cell"
          value={cell}
          onChange={onCellChange(index)}
          onInput={onCellInput(index)}
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste(index)}
          onFocus={(event) => event.target.select()}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          autoFocus={index === 0}
          disabled={disabled}
          aria-label={t("login.digit", { index: index + 1, count: cells.length })}
          aria-invalid={invalid}
          data-testid="code-cell"
        />
      ))}
    </div>
  );
}
