import { productImagePath } from "@domain/catalog";
import type { AdminProductImage } from "../api/types";
import { ChevronLeftIcon } from "../../../../components/icons";
import { ChevronRightIcon, TrashIcon } from "../../../../components/moreIcons";
import { notify } from "../../../../components/notificationStore";
import { t } from "../../../../lib/i18n";
import { showConfirm } from "../../../../lib/telegram";
import { useDeleteImage } from "../api/useDeleteImage";
import { useReorderImages } from "../api/useReorderImages";

/** The images a product has, in their order: moved left or right and removed at once (edit form). */
export function ExistingImages({ productId, images }: { productId: number; images: readonly AdminProductImage[] }) {
  const ordered = [...images].sort((a, b) => a.position - b.position);
  const reorder = useReorderImages();
  const remove = useDeleteImage();
  const busy = reorder.isPending || remove.isPending;

  const move = (index: number, by: -1 | 1) => {
    const ids = ordered.map((image) => image.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate({ id: productId, imageIds: ids }, { onSuccess: () => notify(t("staff.images.reordered"), "S") });
  };

  const onRemove = async (imageId: number, index: number) => {
    if (ordered.length === 1) {
      notify(t("staff.images.keepOne"), "W");
      return;
    }
    if (!(await showConfirm(t("staff.images.removeQuestion", { number: index + 1 })))) return;
    remove.mutate({ id: productId, imageId }, { onSuccess: () => notify(t("staff.images.removed"), "S") });
  };

  return (
    <div className="field admin-field">
      <span className="field__label">{t("staff.form.photos")}</span>
      <ol className="admin-images admin-images--existing" data-testid="existing-images">
        {ordered.map((image, index) => (
          <li
            key={image.id}
            className="admin-images__item admin-images__item--existing"
            data-testid="existing-image"
            data-image-id={image.id}
          >
            <img
              src={productImagePath(productId, image.card_filename ?? image.filename)}
              alt={t("staff.images.photo", { number: index + 1 })}
              width={88}
              height={88}
            />
            <span className="admin-images__tools">
              <button
                type="button"
                aria-label={t("staff.images.left", { number: index + 1 })}
                disabled={busy || index === 0}
                onClick={() => move(index, -1)}
              >
                <ChevronLeftIcon />
              </button>
              <button
                type="button"
                aria-label={t("staff.images.right", { number: index + 1 })}
                disabled={busy || index === ordered.length - 1}
                onClick={() => move(index, 1)}
              >
                <ChevronRightIcon />
              </button>
              <button
                type="button"
                aria-label={t("staff.images.remove", { number: index + 1 })}
                disabled={busy}
                onClick={() => void onRemove(image.id, index)}
              >
                <TrashIcon />
              </button>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
