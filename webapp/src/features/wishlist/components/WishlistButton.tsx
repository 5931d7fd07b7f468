import { HeartIcon } from "../../../components/icons";
import { notify } from "../../../components/notificationStore";
import { haptic, showConfirm } from "../../../lib/telegram";
import { useAddToWishlist } from "../api/useAddToWishlist";
import { useRemoveFromWishlist } from "../api/useRemoveFromWishlist";
import "./WishlistButton.css";
import { t } from "../../../lib/i18n";

interface WishlistButtonProps {
  productId: number;
  productName: string;
  inWishlist: boolean;
  /** 'overlay' floats on a product image; 'inline' sits among buttons. */
  look?: "overlay" | "inline";
}

/** Spec §4 "Wishlist": adds at once; removing asks first. Shown only to signed-in customers who are not admins. */
export function WishlistButton({ productId, productName, inWishlist, look = "overlay" }: WishlistButtonProps) {
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  const busy = add.isPending || remove.isPending;

  const onPress = async () => {
    if (busy) return;
    if (!inWishlist) {
      add.mutate(productId, {
        onSuccess: () => {
          haptic("success");
          notify(t("wishlist.added"), "S");
        },
      });
      return;
    }
    if (!(await showConfirm(t("wishlist.confirmRemove")))) return;
    remove.mutate(productId, {
      onSuccess: () => {
        haptic("warning");
        notify(t("wishlist.removed"), "N");
      },
    });
  };

  return (
    <button
      type="button"
      className="wishlist-button"
      data-look={look}
      aria-pressed={inWishlist}
      aria-label={t(inWishlist ? "wishlist.remove" : "wishlist.add", { name: productName })}
      aria-busy={busy || undefined}
      onClick={() => void onPress()}
      data-testid="wishlist-button"
    >
      <HeartIcon />
    </button>
  );
}
