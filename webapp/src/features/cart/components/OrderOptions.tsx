import { CENTRAL_STATION_ADDRESS, DELIVERY_OPTION_LABELS, DELIVERY_OPTIONS, PAYMENT_OPTION_LABELS, PAYMENT_OPTIONS } from "@domain/orders";
import { ChoiceGroup, type Choice } from "../../../components/ChoiceGroup";
import { CardIcon, CashIcon, CryptoIcon, MapPinIcon, ScooterIcon, WalkIcon } from "../../../components/icons";
import { chooseDelivery, choosePayment, useCartStore } from "../stores/cartStore";
import { CourierDetails } from "./CourierDetails";
import "./OrderOptions.css";

const DELIVERY_CHOICES: readonly Choice[] = [
  { value: DELIVERY_OPTIONS.selfPickup, label: DELIVERY_OPTION_LABELS[DELIVERY_OPTIONS.selfPickup]!, Icon: WalkIcon },
  { value: DELIVERY_OPTIONS.courier, label: DELIVERY_OPTION_LABELS[DELIVERY_OPTIONS.courier]!, Icon: ScooterIcon },
];

const PAYMENT_CHOICES: readonly Choice[] = [
  { value: PAYMENT_OPTIONS.cash, label: PAYMENT_OPTION_LABELS[PAYMENT_OPTIONS.cash]!, Icon: CashIcon },
  { value: PAYMENT_OPTIONS.bankCard, label: PAYMENT_OPTION_LABELS[PAYMENT_OPTIONS.bankCard]!, Icon: CardIcon },
  { value: PAYMENT_OPTIONS.crypto, label: PAYMENT_OPTION_LABELS[PAYMENT_OPTIONS.crypto]!, Icon: CryptoIcon },
];

/** Delivery: self-pickup (with the fixed central-station address) or a courier (who needs a phone and an address). */
export function DeliveryOptions() {
  const delivery = useCartStore((state) => state.settings.delivery_option);
  return (
    <div className="order-options">
      <ChoiceGroup label="Delivery" choices={DELIVERY_CHOICES} value={delivery} onChange={chooseDelivery} testId="delivery-options" />
      {delivery === DELIVERY_OPTIONS.selfPickup && (
        <p className="pickup-point" data-testid="pickup-point">
          <MapPinIcon />
          <span>
            <span className="pickup-point__label">Pickup point</span>
            {CENTRAL_STATION_ADDRESS}
          </span>
        </p>
      )}
      {delivery === DELIVERY_OPTIONS.courier && <CourierDetails />}
    </div>
  );
}

export function PaymentOptions() {
  const payment = useCartStore((state) => state.settings.payment_option);
  return <ChoiceGroup label="Payment" choices={PAYMENT_CHOICES} value={payment} onChange={choosePayment} testId="payment-options" />;
}
