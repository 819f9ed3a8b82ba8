import { useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { Button } from "../../ui/Button.tsx";
import { AddButton } from "../../ui/list/ListActions.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import type { Column } from "../../ui/table/columns.ts";
import type { RowOf } from "../../lib/contract.ts";
import { type HOLIDAY_LIST, useDeleteHoliday } from "./hotelQueries.ts";
import { HolidayForm } from "./HolidayForm.tsx";
import { HOLIDAY_SPEC } from "./hotelLists.ts";

/**
 * /holidayset (节假日设置; R116–R121): holidays count as weekend nights. The list shows name and
 * dates with a delete that sends the holiday's first day; 新增 opens the 600-wide form.
 */
const day = (s: string) => s.slice(0, 10);
export type Holiday = RowOf<typeof HOLIDAY_LIST>;

export default function Holidays() {
  const { rights } = useScreen();
  const [adding, setAdding] = useState(false);
  const deleteHoliday = useDeleteHoliday();

  const columns: Column<Holiday>[] = [
    { id: "holidayName", header: "节日名称" },
    {
      id: "holidayDate",
      header: "日期",
      nowrap: true,
      text: (h) => (day(h.holidayDate) === day(h.holidayEnddate) ? day(h.holidayDate) : `${day(h.holidayDate)} 至 ${day(h.holidayEnddate)}`),
    },
    { id: "createTime", header: "创建时间", nowrap: true },
    ...(rights.d
      ? [
          {
            id: "actions",
            header: "操作",
            hideable: false,
            exported: false,
            cell: (h: Holiday) => (
              <Button size="sm" variant="link" className="text-red-600!" onClick={() => void remove(h)}>
                删除
              </Button>
            ),
          },
        ]
      : []),
  ];

  async function remove(h: Holiday) {
    if (!(await confirmDelete(`确定删除节假日「${h.holidayName}」吗？`))) return;
    await succeeded(deleteHoliday.mutateAsync({ holidayDate: h.holidayDate }));
  }

  return (
    <ListScreen
      tableId="holidays"
      spec={HOLIDAY_SPEC}
      columns={columns}
      rowId={(h) => h.holidayDate}
      exportName="节假日"
      toolbar={() => <AddButton onClick={() => setAdding(true)}>新增</AddButton>}
    >
      {() => adding && <HolidayForm onClose={() => setAdding(false)} />}
    </ListScreen>
  );
}
