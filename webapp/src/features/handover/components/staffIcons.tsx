import { Icon } from "../../../components/icons";

type IconProps = Parameters<typeof Icon>[0];

/** A QR code in a viewfinder: 'Scan QR'. */
export const ScanQrIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3.5 8V5a1.5 1.5 0 0 1 1.5-1.5h3M16 3.5h3A1.5 1.5 0 0 1 20.5 5v3M20.5 16v3a1.5 1.5 0 0 1-1.5 1.5h-3
      M8 20.5H5A1.5 1.5 0 0 1 3.5 19v-3" />
    <rect x="7.5" y="7.5" width="3.5" height="3.5" rx="0.5" />
    <rect x="13" y="7.5" width="3.5" height="3.5" rx="0.5" />
    <rect x="7.5" y="13" width="3.5" height="3.5" rx="0.5" />
    <path d="M13 13h1.5v1.5M16.5 13v3.5H13" />
  </Icon>
);

/** A rising line: sales. */
export const SalesIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3.5 20.5h17" />
    <path d="m5 16 4.5-5 3.5 3 6-7" />
    <path d="M15 7h4v4" />
  </Icon>
);

