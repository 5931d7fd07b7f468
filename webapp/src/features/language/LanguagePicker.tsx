import { useId, useState, type ChangeEvent } from "react";
import { isLocale, LOCALE_NAMES, LOCALES } from "@domain/locale";
import { notify } from "../../components/notificationStore";
import { t, useLocaleStore } from "../../lib/i18n";
import { chooseLanguage } from "./api/chooseLanguage";
import "./language.css";

/**
 * The language picker (issue 24): a labelled native select, each language in its own name, so a phone shows
 * its own accessible list and a person who cannot read the current language still finds theirs. The whole app
 * changes at once (lib/i18n.ts renders it again in the new language).
 */
export function LanguagePicker({ place }: { place: "menu" | "cabinet" | "footer" }) {
  const locale = useLocaleStore((state) => state.locale);
  const [saving, setSaving] = useState(false);
  const id = useId();

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = event.target.value;
    if (!isLocale(chosen) || chosen === locale) return;
    setSaving(true);
    chooseLanguage(chosen).catch(() => {
      setSaving(false);
      notify(t("language.failed"), "W");
    });
  };

  return (
    <div className={`language-picker language-picker--${place}`}>
      <label className="language-picker__label" htmlFor={id}>
        <GlobeIcon />
        {t("language.title")}
      </label>
      <select
        id={id}
        className="language-picker__select"
        value={locale}
        onChange={onChange}
        disabled={saving}
        aria-busy={saving}
        data-testid={`language-picker-${place}`}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

function GlobeIcon() {
  return (
    <svg className="language-picker__icon" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor"
      strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </svg>
  );
}
