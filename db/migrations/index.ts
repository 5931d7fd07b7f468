/** Every migration, by its timestamped name. An in-code list: plain Node cannot import .ts files by path. */
import type { Migration } from "kysely";
import * as initial from "./20261121T100000_initial";
import * as handover from "./20261123T090000_handover";
import * as referrals from "./20261123T100000_referrals";
import * as backoffice from "./20261123T120000_backoffice";
import * as ton from "./20261123T130000_ton";
import * as adminPushes from "./20261123T140000_admin_pushes";
import * as rateLimitCounts from "./20261124T090000_rate_limit_counts";
import * as paging from "./20261127T110000_paging";
import * as scale from "./20261127T120000_scale";
import * as locale from "./20261127T130000_locale";
import * as promotionsOptOut from "./20261127T140000_promotions_opt_out";
import * as promos from "./20261127T141000_promos";
import * as broadcasts from "./20261127T142000_broadcasts";
import * as writeAccess from "./20261127T160000_write_access";
import * as refuse from "./20261127T230000_refuse";
import * as salePrice from "./20261207T180000_sale_price";
import * as listPrice from "./20261208T000000_list_price";

export const migrations: Record<string, Migration> = {
  "20261121T100000_initial": initial,
  "20261123T090000_handover": handover,
  "20261123T100000_referrals": referrals,
  "20261123T120000_backoffice": backoffice,
  "20261123T130000_ton": ton,
  "20261123T140000_admin_pushes": adminPushes,
  "20261124T090000_rate_limit_counts": rateLimitCounts,
  "20261127T110000_paging": paging,
  "20261127T120000_scale": scale,
  "20261127T130000_locale": locale,
  "20261127T140000_promotions_opt_out": promotionsOptOut,
  "20261127T141000_promos": promos,
  "20261127T142000_broadcasts": broadcasts,
  "20261127T160000_write_access": writeAccess,
  "20261127T230000_refuse": refuse,
  "20261207T180000_sale_price": salePrice,
  "20261208T000000_list_price": listPrice,
};
