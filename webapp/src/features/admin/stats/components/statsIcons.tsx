import { Icon } from "../../../../components/icons";

type IconProps = Parameters<typeof Icon>[0];

/** An arrow into a tray: download. */
export const DownloadIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3.5v11" />
    <path d="m7.5 10 4.5 4.5 4.5-4.5" />
    <path d="M4 15.5v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </Icon>
);
