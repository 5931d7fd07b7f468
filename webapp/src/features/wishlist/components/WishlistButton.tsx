import { HeartIcon } from "../../../components/icons";
import { notify } from "../../../components/notificationStore";
import { haptic, showConfirm } from "../../../lib/telegram";
import { useAddToWishlist } from "../api/useAddToWishlist";
import { useRemoveFromWishlist } from "../api/useRemoveFromWishlist";
import "./WishlistButton.css";

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
          notify("Product was added to wishlist", "S");
        },
      });
      return;
    }
    if (!(await showConfirm("Remove the product from the whishlist?"))) return;
    remove.mutate(productId, {
      onSuccess: () => {
        haptic("warning");
        notify("Product was removed from wishlist", "N");
      },
    });
  };

  return (
    <button
      type="button"
      className="wishlist-button"
      data-look={look}
      aria-pressed={inWishlist}
      aria-label={inWishlist ? `Remove ${productName} from the wishlist` : `Add ${productName} to the wishlist`}
      aria-busy={busy || undefined}
      onClick={() => void onPress()}
      data-testid="wishlist-button"
    >
      <HeartIcon />
    </button>
  );
}
