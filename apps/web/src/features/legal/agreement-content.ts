import { FALLBACK_LANG, type AppLang } from '../../lib/locale';

/**
 * The user agreement (terms of service), in both languages. This is the one source of the text:
 * the user-agreement dialog (features/auth/AgreementDialog) and the `terms-of-service` page both
 * render it through {@link AgreementText}. Kept as typed data rather than i18n keys because its
 * shape (numbered sections, clauses, bullet lists) is part of the content.
 */

/** One numbered clause ("2.3 …") with an optional bullet list under it. */
export interface AgreementClause {
  text: string;
  bullets?: string[];
}

/** One numbered section ("2. The service"). */
export interface AgreementSection {
  id: string;
  title: string;
  clauses: AgreementClause[];
}

export interface AgreementContent {
  title: string;
  /** "Last updated: March 8, 2025". */
  lastUpdated: string;
  summary: [string, string];
  sections: AgreementSection[];
  specialNote: string;
  acknowledgement: string;
}

const EN: AgreementContent = {
  title: 'Coinlens User Agreement',
  lastUpdated: 'Last updated: March 8, 2025',
  summary: [
    'This agreement is between you and the operator of this Coinlens deployment (“we”, “us”). Coinlens is open-source software that anyone can host; the person or organisation running this website is the operator and is responsible for it. The agreement governs your use of the website and its market data, news with AI interpretation, technical analysis, trading signals, AI assistant and membership.',
    'Please read it carefully, in particular the sections on the nature of the analysis, payments and liability. By registering, by clicking Accept or by using the service you accept this agreement. If you do not agree, do not register or use the service.',
  ],
  sections: [
    {
      id: 'accounts',
      title: '1. Registration and accounts',
      clauses: [
        {
          text: '1.1 To register you need:',
          bullets: [
            'a valid e-mail address and a password of at least 8 characters;',
            'true, accurate and current information, which you keep up to date;',
            'full civil capacity under the law that applies to you.',
          ],
        },
        { text: '1.2 You may also sign in with a supported method (Google, X, Telegram or the MetaMask wallet) where the operator has enabled it.' },
        { text: '1.3 The service is not intended for children under 13. If you are under 13, do not register or use the service. If we learn that an account belongs to a child under 13, we delete it.' },
        { text: '1.4 You are responsible for keeping your password and devices safe and for everything done with your account. Tell us at once if you believe your account has been misused.' },
      ],
    },
    {
      id: 'advice',
      title: '2. Not financial advice',
      clauses: [
        { text: '2.1 Coinlens provides market data, news with AI interpretation, technical analysis, trading signals and an AI assistant for information and education only.' },
        {
          text: '2.2 Nothing in the service is investment, financial, legal or tax advice, or a recommendation to buy, sell or hold any asset:',
          bullets: [
            'trading signals and strategies are the output of analysis rules; each comes with a measured track record, and that record describes the past, not the future;',
            'text written by the AI assistant or the news interpreter is automatically generated analysis; it can be incomplete or wrong;',
            'accuracy figures are measured over a stated period and can change at any time.',
          ],
        },
        { text: '2.3 You alone decide on your trades and bear their results. Consider your own circumstances and, where appropriate, ask a licensed adviser.' },
      ],
    },
    {
      id: 'data',
      title: '3. Market data and replay',
      clauses: [
        { text: '3.1 Market data, news and indices come from third-party sources credited next to the data. They may be delayed, incomplete or temporarily unavailable.' },
        { text: '3.2 A deployment may replay historical market data and news on a clock instead of live feeds. Replayed data is real but historical, and it is always labelled as a replay. Never treat replayed prices as current prices.' },
      ],
    },
    {
      id: 'membership',
      title: '4. Membership, payments and invitation codes',
      clauses: [
        {
          text: '4.1 Paid membership (VIP / Pro) is paid on-chain with the MetaMask wallet, on the networks and tokens shown on the pricing page:',
          bullets: [
            'membership is bought in a web browser only, not inside any app;',
            'blockchain transactions cannot be reversed, so check the network, token and amount before you confirm;',
            'membership starts once the payment is confirmed on-chain and ends on the date shown in your account.',
          ],
        },
        { text: '4.2 Fees paid for a membership period are not refundable, except where the law requires otherwise or where we fail to provide the paid features.' },
        { text: '4.3 An invitation code gives a one-time free membership trial of 7 days. Each user can bind only one code, and you cannot use your own code.' },
      ],
    },
    {
      id: 'deletion',
      title: '5. Privacy, account deletion and data',
      clauses: [
        { text: '5.1 We process your personal data as described in the Privacy Policy, which forms part of this agreement.' },
        { text: '5.2 You can delete your account at any time. Its data (account, profile, watchlist, chat messages and sessions) is deleted within 90 days after deletion, except where the law requires us to keep it longer.' },
      ],
    },
    {
      id: 'use',
      title: '6. Acceptable use',
      clauses: [
        {
          text: '6.1 You will not:',
          bullets: [
            'break the law or infringe the rights of others;',
            'scrape, overload or attack the service, or try to get around its limits, quotas or access controls;',
            'use the service to manipulate markets or to mislead other people;',
            'resell the service or its content without permission.',
          ],
        },
        { text: '6.2 The source code of Coinlens is published under its open-source licence; this agreement does not limit your rights under that licence. It governs your use of this deployment only.' },
        { text: '6.3 We may suspend or close accounts that break this agreement.' },
      ],
    },
    {
      id: 'liability',
      title: '7. Liability',
      clauses: [
        { text: '7.1 The service is provided “as is” and “as available”. We do not guarantee that it is uninterrupted, error-free or that any analysis is accurate.' },
        { text: '7.2 To the extent permitted by law, we are not liable for trading losses, lost profits or indirect damages arising from your use of the service, its data or its analysis. Nothing in this agreement excludes liability that cannot be excluded by law.' },
      ],
    },
    {
      id: 'changes',
      title: '8. Changes to this agreement',
      clauses: [
        { text: '8.1 We may change this agreement. The date at the top shows the latest version; important changes are announced on the website.' },
        { text: '8.2 If you continue to use the service after a change, you accept the new version. If you do not agree, stop using the service and delete your account.' },
        { text: '8.3 Questions about this agreement: use “Contact us” at the bottom of every page.' },
      ],
    },
  ],
  specialNote:
    'Special note: crypto assets are highly volatile and you may lose all the money you put in. Signals and AI analysis are not recommendations. Only invest what you can afford to lose.',
  acknowledgement:
    'By registering, clicking Accept or using the service, you confirm that you have read, understood and agree to this User Agreement and the Privacy Policy.',
};

const ZH: AgreementContent = {
  title: 'Coinlens 用户协议',
  lastUpdated: '最后更新：2025 年 3 月 8 日',
  summary: [
    '本协议由您与本 Coinlens 部署的运营方（“我们”）订立。Coinlens 是任何人均可自行部署的开源软件，运行本网站的个人或组织即为运营方，并对本网站负责。本协议适用于您对本网站及其行情数据、AI 解读资讯、技术分析、交易信号、AI 助手和会员服务的使用。',
    '请仔细阅读本协议，尤其是关于分析性质、支付和责任的条款。注册、点击“同意”或使用本服务即表示您接受本协议；如不同意，请勿注册或使用本服务。',
  ],
  sections: [
    {
      id: 'accounts',
      title: '1. 注册与账号',
      clauses: [
        {
          text: '1.1 注册需要：',
          bullets: [
            '有效的电子邮箱和至少 8 位的密码；',
            '真实、准确、最新的信息，并及时更新；',
            '依您适用的法律具备完全民事行为能力。',
          ],
        },
        { text: '1.2 在运营方开启的情况下，您也可以使用受支持的方式登录（Google、X、Telegram 或 MetaMask 钱包）。' },
        { text: '1.3 本服务不面向 13 岁以下儿童。如您未满 13 岁，请勿注册或使用本服务。如我们得知某账号属于 13 岁以下儿童，将予以删除。' },
        { text: '1.4 您应妥善保管密码和设备，并对账号下的一切行为负责。如认为账号被盗用，请立即通知我们。' },
      ],
    },
    {
      id: 'advice',
      title: '2. 不构成投资建议',
      clauses: [
        { text: '2.1 Coinlens 提供的行情数据、AI 解读资讯、技术分析、交易信号和 AI 助手仅供参考和学习。' },
        {
          text: '2.2 本服务中的任何内容均不构成投资、财务、法律或税务建议，也不构成买入、卖出或持有任何资产的推荐：',
          bullets: [
            '交易信号和策略是分析规则的输出，每条都附有实测的历史战绩，战绩反映的是过去而非未来；',
            'AI 助手或资讯解读生成的文字是自动生成的分析，可能不完整或有误；',
            '准确率按标明的统计周期计算，随时可能变化。',
          ],
        },
        { text: '2.3 交易决定由您自行作出，其结果由您自行承担。请结合自身情况，必要时咨询持牌专业人士。' },
      ],
    },
    {
      id: 'data',
      title: '3. 行情数据与历史回放',
      clauses: [
        { text: '3.1 行情数据、资讯和指数来自第三方，来源标注在数据旁。数据可能延迟、不完整或暂时不可用。' },
        { text: '3.2 部署可能按时钟回放历史行情和资讯，而非接入实时数据。回放数据真实但属于历史数据，并始终标注为回放。请勿将回放价格视为当前价格。' },
      ],
    },
    {
      id: 'membership',
      title: '4. 会员、支付与邀请码',
      clauses: [
        {
          text: '4.1 付费会员（VIP / Pro）通过 MetaMask 钱包链上支付，网络和代币以定价页面所示为准：',
          bullets: [
            '会员仅可在网页浏览器中购买，不支持应用内购买；',
            '区块链交易不可撤销，确认前请核对网络、代币和金额；',
            '会员在链上确认付款后生效，到期日以账号中显示的日期为准。',
          ],
        },
        { text: '4.2 已支付的会员费用不予退还，法律另有规定或我们未能提供付费功能的情形除外。' },
        { text: '4.3 邀请码可获得一次 7 天免费会员试用。每位用户仅可绑定一个邀请码，且不能使用自己的邀请码。' },
      ],
    },
    {
      id: 'deletion',
      title: '5. 隐私、注销账号与数据',
      clauses: [
        { text: '5.1 我们按照《隐私政策》处理您的个人数据，《隐私政策》是本协议的组成部分。' },
        { text: '5.2 您可随时注销账号。注销后，账号数据（账号、个人资料、自选列表、聊天记录和会话）将在 90 天内删除，法律要求保留更久的除外。' },
      ],
    },
    {
      id: 'use',
      title: '6. 使用规范',
      clauses: [
        {
          text: '6.1 您不得：',
          bullets: [
            '违反法律或侵犯他人权利；',
            '抓取、过载或攻击本服务，或试图绕过其限制、配额或访问控制；',
            '利用本服务操纵市场或误导他人；',
            '未经许可转售本服务或其内容。',
          ],
        },
        { text: '6.2 Coinlens 的源代码依其开源许可证发布，本协议不限制您依该许可证享有的权利，仅适用于您对本部署的使用。' },
        { text: '6.3 对违反本协议的账号，我们可暂停或关闭。' },
      ],
    },
    {
      id: 'liability',
      title: '7. 责任限制',
      clauses: [
        { text: '7.1 本服务按“现状”和“现有”提供。我们不保证服务不中断、无错误，也不保证任何分析准确。' },
        { text: '7.2 在法律允许的范围内，对于因使用本服务、其数据或分析而产生的交易损失、利润损失或间接损失，我们不承担责任。本协议不排除依法不能排除的责任。' },
      ],
    },
    {
      id: 'changes',
      title: '8. 协议变更',
      clauses: [
        { text: '8.1 我们可能修改本协议。顶部日期为最新版本，重要变更将在网站上公告。' },
        { text: '8.2 变更后继续使用本服务即表示您接受新版本。如不同意，请停止使用本服务并注销账号。' },
        { text: '8.3 对本协议有疑问，请使用每个页面底部的“联系我们”。' },
      ],
    },
  ],
  specialNote: '特别提示：加密资产波动剧烈，您可能损失全部投入。交易信号和 AI 分析均不构成推荐，请仅投入您能承受损失的资金。',
  acknowledgement: '注册、点击“同意”或使用本服务，即表示您已阅读、理解并同意本用户协议及《隐私政策》。',
};

const AGREEMENTS: Record<AppLang, AgreementContent> = { 'en-US': EN, 'zh-CN': ZH };

/** The agreement in `lang` (English for anything else). */
export function agreementContent(lang: string | null | undefined): AgreementContent {
  return AGREEMENTS[lang as AppLang] ?? AGREEMENTS[FALLBACK_LANG];
}
