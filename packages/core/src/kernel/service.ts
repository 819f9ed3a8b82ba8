import { Service } from "electrodb";
import { AddressAttempts, LoginLog, OpLog, Session, SignInGuard, TwoFactor } from "../auth/entities.ts";
import { ChannelUser } from "../channels/entities.ts";
import { Client, ClientMobile, ClientOwner, ClientTally, ClientTerm, ImportJob } from "../clients/entities.ts";
import { StoredFile } from "../files/entities.ts";
import { Holiday, Hotel, HotelDay, HotelListVersion, HotelRooms, HotelText, Room } from "../hotels/entities.ts";
import { HotelOrder, OrderEvent, OrderFollowup, OrderOwner, OrderTally, ProxyOrder, RefundJob } from "../orders/entities.ts";
import { Branch, OrgNode, Region } from "../org/entities.ts";
import { MenuFunction, StyleParam, Tenant } from "../platform/entities.ts";
import { AppVersion, DbConfig, PayConfig, SmsConfig, WxConfig, WxFlag } from "../platform/configEntities.ts";
import { PriceOrder, Product, ProductType } from "../products/entities.ts";
import { AccessChange, MobileUser, MobileUserKey, Role, User, UserDept, UserLogin, UserTally, UserTerm } from "../users/entities.ts";
import { VoucherExchange, VoucherPurchase } from "../vouchers/entities.ts";
import { GiftWeek, RciExchange } from "../weeks/entities.ts";
import { Counter } from "./counters.ts";
import { SplitMonthRun, SplitRow, SplitSetting } from "../finance/splitBill/entities.ts";
import { MonthTally } from "../finance/tallies/entity.ts";
import { ProfitShare, ProfitShareJob } from "../finance/profitSharing/entities.ts";
import { Purchase } from "../finance/purchase/entity.ts";
import { Assignment, BookingTask, WorkOrder, WorkOrderTally } from "../workorders/entities.ts";
import { FunnelTally } from "../workorders/funnel.ts";
import { Information, InformationLabels, InformationText } from "../content/entities.ts";
import { WebsiteConfig } from "../website/entities.ts";
import { Lottery, LotteryEntrant, LotteryPrize, LotteryRecord, LotteryTally, LotteryText } from "../lottery/entities.ts";
import { Goods, GoodsJob, GoodsOrder, GoodsSpec } from "../goods/entities.ts";
import { CustomPage, CustomPageCode, CustomPageDoc } from "../pages/entities.ts";
import { PushJob, PushMessage, PushSandboxSend, PushTemplate } from "../platform/push/entities.ts";

/**
 * Every entity of the table, joined in one ElectroDB Service (docs/decisions.md, "ElectroDB").
 * Joining checks what ElectroDB checks across entities (one table, unique names and versions,
 * compatible collections); test/entities.test.ts fails when an `entities.ts` exports an entity
 * that is not listed here. A new entity: export it from its area's `entities.ts` and add one line
 * below. Lambdas do not import this module (it would put every area's entities in every bundle):
 * they use their entities directly and run transactions through kernel/tx.ts.
 */
export const service = new Service({
  // kernel
  counter: Counter,
  // auth
  session: Session,
  opLog: OpLog,
  signInGuard: SignInGuard,
  addressAttempts: AddressAttempts,
  loginLog: LoginLog,
  twoFactor: TwoFactor,
  // channels
  channelUser: ChannelUser,
  // clients
  client: Client,
  clientMobile: ClientMobile,
  clientTerm: ClientTerm,
  clientTally: ClientTally,
  clientOwner: ClientOwner,
  importJob: ImportJob,
  // files
  storedFile: StoredFile,
  // hotels
  hotel: Hotel,
  hotelText: HotelText,
  hotelRooms: HotelRooms,
  room: Room,
  hotelDay: HotelDay,
  hotelListVersion: HotelListVersion,
  holiday: Holiday,
  // orders
  hotelOrder: HotelOrder,
  proxyOrder: ProxyOrder,
  orderFollowup: OrderFollowup,
  orderTally: OrderTally,
  orderOwner: OrderOwner,
  refundJob: RefundJob,
  orderEvent: OrderEvent,
  // org
  orgNode: OrgNode,
  region: Region,
  branch: Branch,
  // platform
  tenant: Tenant,
  menuFunction: MenuFunction,
  styleParam: StyleParam,
  payConfig: PayConfig,
  wxConfig: WxConfig,
  wxFlag: WxFlag,
  smsConfig: SmsConfig,
  dbConfig: DbConfig,
  appVersion: AppVersion,
  // goods
  goods: Goods,
  goodsSpec: GoodsSpec,
  goodsOrder: GoodsOrder,
  goodsJob: GoodsJob,
  // products
  productType: ProductType,
  product: Product,
  priceOrder: PriceOrder,
  // users
  user: User,
  userLogin: UserLogin,
  userTerm: UserTerm,
  userDept: UserDept,
  userTally: UserTally,
  mobileUser: MobileUser,
  mobileUserKey: MobileUserKey,
  accessChange: AccessChange,
  role: Role,
  // vouchers
  voucherPurchase: VoucherPurchase,
  voucherExchange: VoucherExchange,
  // weeks
  giftWeek: GiftWeek,
  rciExchange: RciExchange,
  // finance (split bill, tallies, profit sharing)
  splitSetting: SplitSetting,
  splitRow: SplitRow,
  splitMonthRun: SplitMonthRun,
  monthTally: MonthTally,
  profitShare: ProfitShare,
  profitShareJob: ProfitShareJob,
  // finance (purchase reviews)
  purchase: Purchase,
  // workorders
  workOrder: WorkOrder,
  workOrderTally: WorkOrderTally,
  bookingTask: BookingTask,
  assignment: Assignment,
  funnelTally: FunnelTally,
  // content, website
  information: Information,
  informationText: InformationText,
  informationLabels: InformationLabels,
  websiteConfig: WebsiteConfig,
  // lottery
  lottery: Lottery,
  lotteryText: LotteryText,
  lotteryPrize: LotteryPrize,
  lotteryEntrant: LotteryEntrant,
  lotteryTally: LotteryTally,
  lotteryRecord: LotteryRecord,
  // pages
  customPage: CustomPage,
  customPageDoc: CustomPageDoc,
  customPageCode: CustomPageCode,
  // platform: message push
  pushTemplate: PushTemplate,
  pushMessage: PushMessage,
  pushJob: PushJob,
  pushSandboxSend: PushSandboxSend,
});
