import type { MessageEvent, MessageLanguage } from "@store/contract";

/**
 * The product's own text of each event's message, per language, until the
 * store edits it (/messageTemplates). Handlebars: `{{name}}` is replaced by
 * the event's value, escaped; paragraphs are separated by a blank line.
 */
export const DEFAULT_TEMPLATES: Record<
  MessageEvent,
  Record<MessageLanguage, { subject: string; body: string }>
> = {
  order_confirmed: {
    en: {
      subject: "Your order {{order_number}} is confirmed",
      body: "Dear {{name}},\n\nThank you for your order {{order_number}} of {{order_date}}. We have received it and will prepare it for delivery.\n\nSubtotal: {{subtotal}}\nDiscount: {{discount}}\nShipping: {{shipping}}\nTotal: {{total}}\n\nYour invoice is attached.",
    },
    ms: {
      subject: "Pesanan anda {{order_number}} telah disahkan",
      body: "{{name}} yang dihormati,\n\nTerima kasih atas pesanan anda {{order_number}} bertarikh {{order_date}}. Kami telah menerimanya dan akan menyediakannya untuk penghantaran.\n\nJumlah kecil: {{subtotal}}\nDiskaun: {{discount}}\nPenghantaran: {{shipping}}\nJumlah: {{total}}\n\nInvois anda dilampirkan.",
    },
    zh: {
      subject: "您的订单 {{order_number}} 已确认",
      body: "亲爱的 {{name}}：\n\n感谢您于 {{order_date}} 下的订单 {{order_number}}。我们已收到订单，并将为您安排配送。\n\n小计：{{subtotal}}\n折扣：{{discount}}\n运费：{{shipping}}\n总额：{{total}}\n\n附件为您的发票。",
    },
  },
  order_shipped: {
    en: {
      subject: "Your order {{order_number}} is on its way",
      body: "Dear {{name}},\n\nYour order {{order_number}} has been shipped{{#if courier}} with {{courier}}{{/if}}.\n\nTracking number: {{tracking_number}}",
    },
    ms: {
      subject: "Pesanan anda {{order_number}} sedang dihantar",
      body: "{{name}} yang dihormati,\n\nPesanan anda {{order_number}} telah dihantar{{#if courier}} melalui {{courier}}{{/if}}.\n\nNombor penjejakan: {{tracking_number}}",
    },
    zh: {
      subject: "您的订单 {{order_number}} 已发货",
      body: "亲爱的 {{name}}：\n\n您的订单 {{order_number}} 已{{#if courier}}通过 {{courier}} {{/if}}发货。\n\n追踪号码：{{tracking_number}}",
    },
  },
  order_completed: {
    en: {
      subject: "Your order {{order_number}} is complete",
      body: "Dear {{name}},\n\nYour order {{order_number}} is complete. It earned you {{pv}} PV.\n\nThank you for shopping with {{store_name}}.",
    },
    ms: {
      subject: "Pesanan anda {{order_number}} telah selesai",
      body: "{{name}} yang dihormati,\n\nPesanan anda {{order_number}} telah selesai. Anda memperoleh {{pv}} PV daripadanya.\n\nTerima kasih kerana membeli-belah dengan {{store_name}}.",
    },
    zh: {
      subject: "您的订单 {{order_number}} 已完成",
      body: "亲爱的 {{name}}：\n\n您的订单 {{order_number}} 已完成，为您赚取了 {{pv}} PV。\n\n感谢您在 {{store_name}} 购物。",
    },
  },
  order_refunded: {
    en: {
      subject: "Your order {{order_number}}: {{status}}",
      body: "Dear {{name}},\n\nYour order {{order_number}} is now {{status}}.\n\nAmount given back: {{amount}}\nPV taken back: {{pv}}",
    },
    ms: {
      subject: "Pesanan anda {{order_number}}: {{status}}",
      body: "{{name}} yang dihormati,\n\nStatus pesanan anda {{order_number}} kini {{status}}.\n\nAmaun dikembalikan: {{amount}}\nPV ditarik balik: {{pv}}",
    },
    zh: {
      subject: "您的订单 {{order_number}}：{{status}}",
      body: "亲爱的 {{name}}：\n\n您的订单 {{order_number}} 现为 {{status}}。\n\n退还金额：{{amount}}\n扣回 PV：{{pv}}",
    },
  },
  commission_credited: {
    en: {
      subject: "A commission of {{amount}} for you",
      body: "Dear {{name}},\n\nA commission of {{amount}} is now in your cash wallet{{#if order_number}} for order {{order_number}}{{/if}}.",
    },
    ms: {
      subject: "Komisen {{amount}} untuk anda",
      body: "{{name}} yang dihormati,\n\nKomisen sebanyak {{amount}} kini berada dalam dompet tunai anda{{#if order_number}} bagi pesanan {{order_number}}{{/if}}.",
    },
    zh: {
      subject: "您获得 {{amount}} 佣金",
      body: "亲爱的 {{name}}：\n\n{{amount}} 的佣金已存入您的现金钱包{{#if order_number}}（订单 {{order_number}}）{{/if}}。",
    },
  },
  withdrawal_approved: {
    en: {
      subject: "Your withdrawal of {{amount}} is approved",
      body: "Dear {{name}},\n\nYour withdrawal request #{{request_id}} of {{amount}} is approved. It will be paid to {{bank_name}} {{bank_account}}.",
    },
    ms: {
      subject: "Pengeluaran anda sebanyak {{amount}} telah diluluskan",
      body: "{{name}} yang dihormati,\n\nPermohonan pengeluaran #{{request_id}} sebanyak {{amount}} telah diluluskan. Ia akan dibayar ke {{bank_name}} {{bank_account}}.",
    },
    zh: {
      subject: "您的 {{amount}} 提现已批准",
      body: "亲爱的 {{name}}：\n\n您的提现申请 #{{request_id}}（{{amount}}）已获批准，将支付至 {{bank_name}} {{bank_account}}。",
    },
  },
  withdrawal_paid: {
    en: {
      subject: "Your withdrawal of {{amount}} is paid",
      body: "Dear {{name}},\n\nYour withdrawal request #{{request_id}} of {{amount}} has been paid to {{bank_name}} {{bank_account}}.",
    },
    ms: {
      subject: "Pengeluaran anda sebanyak {{amount}} telah dibayar",
      body: "{{name}} yang dihormati,\n\nPermohonan pengeluaran #{{request_id}} sebanyak {{amount}} telah dibayar ke {{bank_name}} {{bank_account}}.",
    },
    zh: {
      subject: "您的 {{amount}} 提现已支付",
      body: "亲爱的 {{name}}：\n\n您的提现申请 #{{request_id}}（{{amount}}）已支付至 {{bank_name}} {{bank_account}}。",
    },
  },
  withdrawal_rejected: {
    en: {
      subject: "Your withdrawal of {{amount}} was not approved",
      body: "Dear {{name}},\n\nYour withdrawal request #{{request_id}} of {{amount}} was not approved.{{#if reason}}\n\nReason: {{reason}}{{/if}}\n\nThe amount stays in your cash wallet.",
    },
    ms: {
      subject: "Pengeluaran anda sebanyak {{amount}} tidak diluluskan",
      body: "{{name}} yang dihormati,\n\nPermohonan pengeluaran #{{request_id}} sebanyak {{amount}} tidak diluluskan.{{#if reason}}\n\nSebab: {{reason}}{{/if}}\n\nAmaun tersebut kekal dalam dompet tunai anda.",
    },
    zh: {
      subject: "您的 {{amount}} 提现未获批准",
      body: "亲爱的 {{name}}：\n\n您的提现申请 #{{request_id}}（{{amount}}）未获批准。{{#if reason}}\n\n原因：{{reason}}{{/if}}\n\n该金额仍在您的现金钱包中。",
    },
  },
  withdrawal_reversed: {
    en: {
      subject: "Your withdrawal of {{amount}} was reversed",
      body: "Dear {{name}},\n\nThe payment of your withdrawal request #{{request_id}} of {{amount}} did not reach you and was reversed.{{#if reason}}\n\nReason: {{reason}}{{/if}}\n\nThe amount is back in your cash wallet.",
    },
    ms: {
      subject: "Pengeluaran anda sebanyak {{amount}} telah dibatalkan",
      body: "{{name}} yang dihormati,\n\nBayaran bagi permohonan pengeluaran #{{request_id}} sebanyak {{amount}} tidak sampai kepada anda dan telah dibatalkan.{{#if reason}}\n\nSebab: {{reason}}{{/if}}\n\nAmaun tersebut telah dikembalikan ke dompet tunai anda.",
    },
    zh: {
      subject: "您的 {{amount}} 提现已被撤回",
      body: "亲爱的 {{name}}：\n\n您的提现申请 #{{request_id}}（{{amount}}）的款项未能到账，已被撤回。{{#if reason}}\n\n原因：{{reason}}{{/if}}\n\n该金额已退回您的现金钱包。",
    },
  },
  kyc_verified: {
    en: {
      subject: "Your identity is verified",
      body: "Dear {{name}},\n\nYour identity documents are verified. You can now ask for withdrawals of your cash wallet.",
    },
    ms: {
      subject: "Identiti anda telah disahkan",
      body: "{{name}} yang dihormati,\n\nDokumen identiti anda telah disahkan. Anda kini boleh memohon pengeluaran daripada dompet tunai anda.",
    },
    zh: {
      subject: "您的身份已验证",
      body: "亲爱的 {{name}}：\n\n您的身份证件已通过验证。您现在可以申请从现金钱包提现。",
    },
  },
  kyc_rejected: {
    en: {
      subject: "Your identity documents were not accepted",
      body: "Dear {{name}},\n\nYour identity documents were not accepted.{{#if reason}}\n\nReason: {{reason}}{{/if}}\n\nPlease send them again.",
    },
    ms: {
      subject: "Dokumen identiti anda tidak diterima",
      body: "{{name}} yang dihormati,\n\nDokumen identiti anda tidak diterima.{{#if reason}}\n\nSebab: {{reason}}{{/if}}\n\nSila hantar semula.",
    },
    zh: {
      subject: "您的身份证件未被接受",
      body: "亲爱的 {{name}}：\n\n您的身份证件未被接受。{{#if reason}}\n\n原因：{{reason}}{{/if}}\n\n请重新提交。",
    },
  },
  password_reset: {
    en: {
      subject: "Reset your {{store_name}} password",
      body: "Dear {{name}},\n\nSomeone asked to reset the password of your {{store_name}} back-office account. To choose a new one, open this link within {{minutes}} minutes:\n\n{{link}}\n\nIf it was not you, ignore this message: your password stays as it is.",
    },
    ms: {
      subject: "Tetapkan semula kata laluan {{store_name}} anda",
      body: "{{name}} yang dihormati,\n\nSeseorang telah meminta untuk menetapkan semula kata laluan akaun pejabat belakang {{store_name}} anda. Untuk memilih kata laluan baharu, buka pautan ini dalam masa {{minutes}} minit:\n\n{{link}}\n\nJika bukan anda, abaikan mesej ini: kata laluan anda kekal seperti sedia ada.",
    },
    zh: {
      subject: "重置您的 {{store_name}} 密码",
      body: "亲爱的 {{name}}：\n\n有人请求重置您的 {{store_name}} 后台账户密码。如需设置新密码，请在 {{minutes}} 分钟内打开此链接：\n\n{{link}}\n\n如果不是您本人操作，请忽略此邮件，您的密码不会改变。",
    },
  },
  new_sign_in: {
    en: {
      subject: "New sign-in to your {{store_name}} account",
      body: "Dear {{name}},\n\nYour {{store_name}} back-office account was signed in to from a device it had not seen before.\n\nWhen: {{when}}\nFrom address: {{address}}\nBrowser: {{device}}\n\nIf it was you, there is nothing to do. If it was not you, change your password and tell an administrator.",
    },
    ms: {
      subject: "Log masuk baharu ke akaun {{store_name}} anda",
      body: "{{name}} yang dihormati,\n\nAkaun pejabat belakang {{store_name}} anda telah dilog masuk dari peranti yang belum pernah digunakan sebelum ini.\n\nMasa: {{when}}\nDari alamat: {{address}}\nPelayar: {{device}}\n\nJika itu anda, tiada apa yang perlu dilakukan. Jika bukan anda, tukar kata laluan anda dan maklumkan kepada pentadbir.",
    },
    zh: {
      subject: "您的 {{store_name}} 账户有新的登录",
      body: "亲爱的 {{name}}：\n\n您的 {{store_name}} 后台账户刚从一台以前未使用过的设备登录。\n\n时间：{{when}}\n来源地址：{{address}}\n浏览器：{{device}}\n\n如果是您本人，无需任何操作。如果不是您本人，请立即修改密码并告知管理员。",
    },
  },
};
