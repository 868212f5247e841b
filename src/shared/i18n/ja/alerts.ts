/** 日本語：リマインダー、サーバの状態の通知、拒否されたキーの説明。 */
import type { Catalogue } from '../en';

export const reminders: Catalogue['reminders'] = {
  cancelledOne: 'このリマインダーは取り消し済みです。',
  alreadyStarted: '{title} はすでに始まっています。',
  tooMany: 'リマインダーはすでに {max} 件あります。先にいくつか取り消してください。',
  itsChannel: 'そのチャンネル',
  startsIn: 'あと {n} 分で開始：{title}',
  startingNow: 'いま始まります：{title}',
  movedLater: '{title} の時間が変わりました：{time} から',
  movedStarted: '{title} の時間が変わりました：{time} に開始',
  wasDueAt: '{where} · 予定は {time}',
  goneAt: '{title} は {time} に放送されなくなりました',
  onInstead: '{where}：代わりに {title} を放送中',
  missedAsleep: 'スリープ中に見逃しました：{title}',
  missedClosed: 'アプリの終了中に見逃しました：{title}',
  manyMissedAsleep: 'スリープ中に {n, plural, other {# 件}}のリマインダーを見逃しました',
  manyMissedClosed: 'アプリの終了中に {n, plural, other {# 件}}のリマインダーを見逃しました',
};

export const alerts: Catalogue['alerts'] = {
  theServer: 'サーバ',
  backTitle: '{name} に再接続しました',
  backBody: '{length}ぶりに接続できました。',
  awayTitle: '{name} に接続できません',
  awayBody: '{length}以上応答がありません。アプリは再試行を続けます。',
  awayBodyWhy: '{length}以上応答がありません（{why}）。アプリは再試行を続けます。',
  keyRefusedTitle: '{name} が API キーを受け付けなくなりました',
  keyRefusedBody: '{known, select, yes {キーは {time} まで使えていましたが、現在は拒否されています。サーバで再生成、失効、または制限されました。設定で新しいキーを貼り付けてください。} other {キーは以前は使えていましたが、現在は拒否されています。サーバで再生成、失効、または制限されました。設定で新しいキーを貼り付けてください。}}',
  keyRejectedTitle: '{name} が API キーを拒否しました',
  keyRejectedBody: 'Airwave の「Settings → API Keys」でキーをコピーし、設定に貼り付けてください。',
  fullTitle: '{name} は接続数が上限です：ライブ更新なし',
  fullBody: 'イベントストリームが拒否されました（接続数が上限）。アプリは代わりに定期的に確認し、後でストリームを再試行します。',
  versionTitle: '{name} はバージョン {version} になりました',
  versionBody: '以前は {known} でした。',
  webhookFix: 'Airwave の「Settings → Webhooks」で再度有効にしてください。',
  anEndpoint: 'エンドポイント',
  webhookSaid: 'Airwave のメッセージ：「{reason}」',
  webhookFailed: '配信の失敗が続いたため、Airwave が無効にしました。',
  webhookOff: '{name} が Webhook「{hook}」を無効にしました',
  webhooksOff: '{name} が {n, plural, other {# 件}}の Webhook を無効にしました',
  webhooksMore: '{names} ほか {n, plural, other {# 件}}',
  webhooksCut: 'サーバには {listed, plural, other {# 件}}のエンドポイントがあります。アプリが読んだのは最初の {read, plural, other {# 件}}です。',
};

export const key: Catalogue['key'] = {
  refusedMessage: '{known, select, yes {API キーは {time} まで使えていましたが、現在は拒否されています。サーバで再生成、失効、または制限されました。} other {API キーは以前は使えていましたが、現在は拒否されています。サーバで再生成、失効、または制限されました。}}Airwave の「Settings → API Keys」でキーをコピーし、設定に貼り付けてください（キーを修正）。アプリは {n, plural, other {# 分}}ごとに再確認します。',
  rejectedMessage: 'サーバが API キーを拒否しました。Airwave の「Settings → API Keys」でキーをコピーし、設定に貼り付けてください（キーを修正）。アプリは {n, plural, other {# 分}}ごとに再確認します。',
};

export const sync: Catalogue['sync'] = {
  proxyRefused: 'サーバの手前にあるもの（Airwave 自体ではなくプロキシやログインページ）が {endpoint} を HTTP 401 で拒否しました。再試行します。',
  unreadable: 'サーバが {endpoint} で、このアプリが読めないものを返しました。',
  ourBug: 'アプリ内部で問題が発生しました。再試行します。',
};
