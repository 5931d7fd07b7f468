import type { ReactNode } from "react";
import { Link } from "wouter";
import { ChevronRightIcon } from "./moreIcons";
import "./CabinetBox.css";

/** The square icon a cabinet box (and the pending order beside them) leads with. */
export function CabinetBoxIcon({ children }: { children: ReactNode }) {
  return <span className="cabinet-box__icon">{children}</span>;
}

interface CabinetBoxProps {
  href: string;
  icon: ReactNode;
  /** The box's text: a plain label, or lines of `cabinet-box__text`. */
  children: ReactNode;
  testId: string;
  /** A heavier label (the links to other pages of the cabinet). */
  strong?: boolean;
  /** A chevron at the end: the box opens a list. */
  chevron?: boolean;
}

/**
 * One of the cabinet's boxes (spec §2): a card-wide link with an icon, its text and maybe a chevron. The
 * cabinet's own boxes and the staff's 'All sales' (features/handover) are the same box.
 */
export function CabinetBox({ href, icon, children, testId, strong = false, chevron = false }: CabinetBoxProps) {
  return (
    <Link href={href} className={`cabinet-box card${strong ? " cabinet-box--strong" : ""}`} data-testid={testId}>
      <CabinetBoxIcon>{icon}</CabinetBoxIcon>
      {children}
      {chevron && <ChevronRightIcon className="cabinet-box__chevron" />}
    </Link>
  );
}
