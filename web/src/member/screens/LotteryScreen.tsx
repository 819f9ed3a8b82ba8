import { useState } from "react";
import type { DataOf } from "../../lib/contract.ts";
import { Card, Loaded, Row, ScreenBar, Tap } from "../parts.tsx";
import { useMemberRead, useMemberWrite } from "../queries.ts";
import type { ScreenProps } from "../screens.ts";

type Won = { result: NonNullable<DataOf<"POST /gateway/api/lotter/mp/draw">>; said: string };

/** A lottery: its prizes and chances, the member's draws left, and a draw (a bound mobile is required, so a prize can be delivered). */
export default function LotteryScreen({ params }: ScreenProps) {
  const lotteryId = Number(params.id);
  const view = useMemberRead("GET /gateway/api/lotter/mp/view", { lotteryId });
  const draw = useMemberWrite("POST /gateway/api/lotter/mp/draw", {
    stale: ["GET /gateway/api/lotter/mp/view", "GET /gateway/api/lotter/mp/records", "GET /gateway/api/lotter/mp/list"],
    quiet: true,
  });
  const [won, setWon] = useState<Won>();
  return (
    <>
      <ScreenBar title="抽奖" />
      <Loaded query={view}>
        {({ data: l }) =>
          l && (
            <div style={{ background: l.bgColor || undefined, color: l.color || undefined }} className="min-h-[calc(100dvh-3rem)] pb-6">
              {l.bgPic && <img src={l.bgPic} alt="" className="w-full" />}
              <Card>
                <h2 className="text-lg font-semibold">{l.title}</h2>
                <p className="mt-1 text-xs text-slate-500">
                  {l.startTime} 至 {l.endTime} · {l.stateText}
                </p>
                <p className="mt-2 text-sm">{l.drawsLeft === null ? "不限抽奖次数" : `还可抽奖 ${l.drawsLeft} 次`}</p>
              </Card>
              <Card>
                <h3 className="mb-1 text-sm font-medium">奖品</h3>
                {l.prizes.map((p) => (
                  <Row key={p.id} label={p.prizeName}>
                    {p.prizeValue} · 中奖率 {p.chance}
                  </Row>
                ))}
              </Card>
              {won && (
                <Card className="text-center">
                  <p role="status" data-prize={won.result.prizeName} className="text-base font-semibold text-red-700">
                    {won.said || won.result.prizeName}
                  </p>
                  {won.result.hasDistribute === 1 && <p className="mt-1 text-sm">奖品：{won.result.prizeName}</p>}
                  {won.result.prizeTips && <p className="mt-1 text-sm text-slate-600">{won.result.prizeTips}</p>}
                  <a href="#/prizes" className="mt-2 inline-block text-sm text-red-700 underline">
                    查看我的奖品
                  </a>
                </Card>
              )}
              <div className="flex justify-center">
                <Tap
                  busy={draw.isPending}
                  disabled={l.state !== "running" || l.drawsLeft === 0}
                  onClick={() => draw.mutate({ lotteryId }, { onSuccess: (r) => r.data && setWon({ result: r.data, said: r.desc }) })}
                >
                  {l.state !== "running" ? l.stateText : l.drawsLeft === 0 ? "抽奖次数已用完" : "立即抽奖"}
                </Tap>
              </div>
            </div>
          )
        }
      </Loaded>
    </>
  );
}
