/** The recovery codes of a sign-in that enrolled two-factor: shown this once, then the user goes in. */
export function SavedRecoveryCodes({ codes, buttonClass, onSaved }: { codes: string[]; buttonClass: string; onSaved: () => void }) {
  return (
    <div className="space-y-3">
      <h2 className="text-base font-medium text-gray-900">请保存恢复码</h2>
      <p className="text-sm text-gray-600">手机丢失时，可用恢复码代替动态验证码登录，每个只能使用一次。恢复码只显示这一次。</p>
      <ul aria-label="恢复码" className="grid grid-cols-2 gap-1 rounded-md bg-gray-50 p-3 font-mono text-sm text-gray-800">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <button type="button" className={buttonClass} onClick={onSaved}>
        我已保存，进入系统
      </button>
    </div>
  );
}
