import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { MSG } from "@xiangyu/core/orders/booking";
import { useApi } from "../../lib/screen.tsx";
import { toast } from "../../lib/toast.ts";
import { EMPTY_DRAFT, livePayment, occupantRows, occupantsError, stayError, type Draft } from "./bookingDraft.ts";
import { fetchMemberStore } from "./useMemberStore.ts";

type Errors = { client?: string; stay?: string; payment?: string; occupants?: string };

/**
 * A refused step's messages as they stand now: each is checked again against the draft on every
 * change, so a message goes as soon as its value is right (客户不能为空 once a client is chosen,
 * 入住日期不能早于今天 once the date is moved): it stays only while that same rule is still broken.
 * The next problem of the step is said at 下一步, not while the user is still filling it in.
 * "Not bound" stays while the same client is chosen; another client is checked at 下一步 again.
 */
function liveErrors(shown: Errors & { clientId?: number }, d: Draft, today: string): Errors {
  const client = !shown.client ? undefined : !d.client ? MSG.clientRequired : shown.client === MSG.notBound && d.client.id === shown.clientId ? shown.client : undefined;
  return {
    client,
    stay: shown.stay && stayError(d, today) === shown.stay ? shown.stay : undefined,
    payment: shown.payment,
    occupants: shown.occupants && occupantsError(d.occupants) === shown.occupants ? shown.occupants : undefined,
  };
}

/**
 * The order draft and the checks each step of the order wizard makes at 下一步: the client is bound,
 * the stay is bookable (then one occupant row per room), the payment covers it and the occupants are filled in.
 */
export function useBookingChecks(today: string) {
  const api = useApi();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [shown, setErrors] = useState<Errors & { clientId?: number }>({});
  const errors = liveErrors(shown, draft, today);
  const refuse = (e: Errors) => {
    setErrors({ ...e, clientId: draft.client?.id });
    const text = Object.values(e).find(Boolean);
    if (text) toast.error(text);
    return false;
  };
  async function checkClient() {
    if (!draft.client) return refuse({ client: MSG.clientRequired });
    try {
      const store = await fetchMemberStore(qc, api, { clientId: draft.client.id });
      if (!store.bound) return refuse({ client: MSG.notBound });
    } catch {
      return false; // unwrap showed the server's text
    }
    setErrors({});
    return true;
  }

  function checkStay() {
    const e = stayError(draft, today);
    if (e) return refuse({ stay: e });
    setErrors({});
    // One occupant row per room, the client in the first.
    setDraft((d) => ({ ...d, occupants: occupantRows(d, Number(d.roomCount)) }));
    return true;
  }

  async function checkPayment() {
    if (!draft.client || !draft.hotel) return false;
    let store;
    try {
      store = await fetchMemberStore(qc, api, { clientId: draft.client.id, hotelId: draft.hotel.id, checkInDate: draft.checkInDate, checkOutDate: draft.checkOutDate });
    } catch {
      return false;
    }
    const live = livePayment(draft, store);
    // The step shows the live message too; refusing repeats it as a toast (抵扣周次不足，不能提交订单。 and the voucher rules).
    if (live.error) return refuse({ payment: live.error });
    const occupants = occupantsError(draft.occupants);
    if (occupants) return refuse({ occupants });
    setErrors({});
    return true;
  }

  return { draft, setDraft, errors, checkClient, checkStay, checkPayment };
}
