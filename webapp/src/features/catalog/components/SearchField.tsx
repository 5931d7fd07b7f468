import { SearchIcon } from "../../../components/icons";
import "./SearchField.css";
import { t } from "../../../lib/i18n";

/** Home's search field, always on screen above the list: results come while the customer types. */
export function SearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="search-field">
      <SearchIcon />
      <input
        type="search"
        className="search-field__input"
        aria-label={t("catalog.search")}
        placeholder={t("catalog.search")}
        value={value}
        maxLength={100}
        enterKeyHint="search"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
