import { useState, type ReactNode } from "react";
import { notify } from "../../../../components/notificationStore";
import { t } from "../../../../lib/i18n";
import { haptic } from "../../../../lib/telegram";
import { fieldProblem, keepBlank, type FieldProblem, type ProductFields } from "../productFields";
import type { AdminShop } from "../api/types";
import { CategorySelect, StockShopSelect, TextControl, YesNoRow } from "./FormControls";
import { ImagePicker, usePreviewUrls } from "./ImagePicker";
import { ProductPreview } from "./ProductPreview";

interface ProductFormProps {
  initial: ProductFields;
  /** On edit: the images the product has (their addresses), which count as images and show in the preview. */
  existingImageUrls?: readonly string[];
  /** On edit: reorder and remove the images the product has. */
  existingImages?: ReactNode;
  /** On edit: what the product has now; a field left empty keeps it (spec §5: only non-empty fields are sent). */
  current?: ProductFields;
  /** The send step: the fields and the new images; resolves once the server answered. */
  onSend: (fields: ProductFields, images: File[]) => void;
  sending: boolean;
  sendLabel: string;
  /** On create: the shops the new stock may go to (the warehouse by default); undefined while they load. */
  stockShops?: readonly AdminShop[] | undefined;
  /** Under the form while it is filled (not with the preview): on edit, the sale prices, saved on their own. */
  after?: ReactNode;
}

/**
 * Spec §2 "Product forms": the fields (text, number and textarea inputs with optional clear, the category
 * select, YES/NO rows, position), images, then a preview step (the card as customers will see it) and a send step.
 */
export function ProductForm({
  initial,
  existingImageUrls = [],
  existingImages,
  current,
  onSend,
  sending,
  sendLabel,
  stockShops,
  after,
}: ProductFormProps) {
  const creating = current === undefined;
  const [fields, setFields] = useState(initial);
  const [images, setImages] = useState<File[]>([]);
  const [step, setStep] = useState<"fill" | "preview">("fill");
  const pickedUrls = usePreviewUrls(images);
  /** The last check's problem: said in a notice, and under its field until that field is edited. */
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const set = (name: keyof ProductFields) => (value: string) => {
    setFields((before) => ({ ...before, [name]: value }));
    setProblem((before) => (before?.field === name ? null : before));
  };
  /** A text field's value, its handler, its test id and its problem, if the last check found one there. */
  const control = (name: keyof ProductFields) => ({
    value: fields[name],
    onChange: set(name),
    testId: `field-${name}`,
    error: problem?.field === name ? problem.text : undefined,
  });
  const result = current ? keepBlank(current, fields) : fields;

  const toPreview = () => {
    const found = fieldProblem(result, existingImageUrls.length + images.length);
    setProblem(found);
    if (found) {
      haptic("error");
      notify(found.text, "W");
      // The field it is about, ready to be corrected (the notice alone left the admin looking for it).
      document.querySelector<HTMLElement>(`[data-testid="field-${found.field}"]`)?.focus();
      return;
    }
    setStep("preview");
    window.scrollTo(0, 0);
  };

  if (step === "preview") {
    return (
      <div className="admin-form" data-testid="product-form-preview">
        <h2 className="section-title">{t("staff.form.preview")}</h2>
        <ProductPreview fields={result} imageUrls={[...existingImageUrls, ...pickedUrls.filter((url) => url !== "")]} />
        <div className="admin-form__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setStep("fill")}
            disabled={sending}
            data-testid="back-to-form"
          >
            {t("staff.form.back")}
          </button>
          <button type="button" className="button" onClick={() => onSend(fields, images)} disabled={sending} data-testid="send-product">
            {sending && <span className="button__spinner" aria-hidden="true" />}
            {sendLabel}
          </button>
        </div>
      </div>
    );
  }

  return (
    <>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          toPreview();
        }}
        noValidate
        data-testid="product-form"
      >
        <TextControl label={t("staff.form.name")} {...control("name")} clearable />
        <TextControl label={t("staff.form.description")} {...control("description")} kind="textarea" clearable />
        <TextControl label={t("staff.form.fullDescription")} {...control("full_description")} kind="textarea" clearable />
        <div className="admin-form__row">
          <TextControl label={t("staff.form.perPrice")} {...control("per_price")} kind="number" />
          <TextControl label={t("staff.form.costPrice")} {...control("cost_price")} kind="number" />
        </div>
        <div className="admin-form__row">
          <TextControl label={t(creating ? "staff.form.instockNew" : "staff.form.instock")} {...control("instock")} kind="number" />
          <TextControl label={t("staff.form.position")} {...control("position")} kind="number" hint={t("staff.form.positionHint")} />
        </div>
        {creating && <StockShopSelect value={fields.shop_id} onChange={set("shop_id")} shops={stockShops} />}
        {creating && (
          <div className="admin-sale__fields">
            <TextControl label={t("staff.sale.price")} {...control("sale_price")} kind="number" hint={t("staff.form.salePriceHint")} />
            <TextControl
              label={t("staff.sale.endsAt")}
              {...control("sale_ends_at")}
              kind="datetime"
              clearable
              hint={t("staff.sale.endsAtHint")}
            />
          </div>
        )}
        <TextControl label={t("staff.form.priceText")} {...control("price_text")} clearable />
        <TextControl label={t("staff.form.giftText")} {...control("gift_text")} clearable />
        <TextControl label={t("staff.form.label")} {...control("label")} clearable />
        <CategorySelect value={fields.category_id} onChange={set("category_id")} />
        <YesNoRow label={t("staff.form.hotDeal")} value={fields.hot_deal} onChange={set("hot_deal")} testId="field-hot_deal" />
        <YesNoRow label={t("staff.form.inAllList")} value={fields.in_all_list} onChange={set("in_all_list")} testId="field-in_all_list" />
        {existingImages}
        <ImagePicker
          files={images}
          urls={pickedUrls}
          onChange={setImages}
          label={existingImages ? t("staff.form.newPhotos") : t("staff.form.photos")}
        />
        <button type="submit" className="button admin-form__submit" data-testid="preview-product">
          {t("staff.form.toPreview")}
        </button>
      </form>
      {after}
    </>
  );
}
