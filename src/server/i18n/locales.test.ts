import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTranslator, DICT_LOCALE_KEY, LOCALES, pluralCategories, type Locale } from '../../lib/i18n/index.ts';
import i18next, { type TOptions } from 'i18next';
import { duplicateKeys, islandDict, resources, translator } from './index.ts';

/**
 * i18next as DESIGN configures it (one instance, never switched, a fixed translator per locale,
 * lowerCaseLng so zh-hk stays zh-hk): the reference the precompiled translator must agree with.
 */
const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false,
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: resources[l] }])),
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  lowerCaseLng: true,
  load: 'currentOnly',
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

function flatten(node: unknown, prefix = ''): Record<string, string> {
  if (typeof node === 'string') return { [prefix]: node };
  return Object.entries(node as Record<string, unknown>).reduce(
    (acc, [k, v]) => Object.assign(acc, flatten(v, prefix ? `${prefix}.${k}` : k)),
    {} as Record<string, string>,
  );
}

const en = flatten(resources.en);
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
/** A key without its plural suffix: `news.count_one` → `news.count`. */
const base = (key: string) => key.replace(PLURAL_FORM, '');
/** A locale's keys with each plural key once, under its base name. */
const baseKeys = (dict: Record<string, string>) => [...new Set(Object.keys(dict).map(base))].sort();
/** The plural forms present for each base key that has any. */
function pluralForms(dict: Record<string, string>): Map<string, string[]> {
  const forms = new Map<string, string[]>();
  for (const key of Object.keys(dict)) {
    const form = PLURAL_FORM.exec(key)?.[1];
    if (form) forms.set(base(key), [...(forms.get(base(key)) ?? []), form].sort());
  }
  return forms;
}

describe.each(LOCALES.filter((l) => l !== 'en'))('locale %s', (locale) => {
  const dict = flatten(resources[locale]);

  it('has exactly the keys of en (plural keys with the forms of its own language)', () => {
    expect(baseKeys(dict)).toEqual(baseKeys(en));
    expect([...pluralForms(dict).keys()].sort()).toEqual([...pluralForms(en).keys()].sort());
  });

  it('keeps every placeholder of en', () => {
    for (const [key, value] of Object.entries(en)) {
      const own = dict[key] ?? dict[`${base(key)}_other`] ?? '';
      // A singular form may spell the number out ("one candle"); the other forms show it.
      if (key.endsWith('_one')) continue;
      expect([key, placeholders(own)]).toEqual([key, placeholders(value)]);
    }
  });

  it('is translated (CJK or Hangul in the long strings)', () => {
    const script = locale === 'ko' ? /[\uac00-\ud7af]/ : /[\u4e00-\u9fff]/;
    const long = Object.entries(dict).filter(([k]) => en[k]!.split(' ').length >= 3);
    const untranslated = long.filter(([, v]) => !script.test(v)).map(([k]) => k);
    expect(untranslated).toEqual([]);
  });
});

describe.each(LOCALES)('plural forms in %s', (locale: Locale) => {
  const dict = flatten(resources[locale]);
  const needed = pluralCategories(locale).sort();

  it('every count-bearing string ({{count}}) is a plural key with exactly the forms of its language', () => {
    const bare = Object.keys(dict).filter((k) => placeholders(dict[k]!).includes('count') && !PLURAL_FORM.test(k));
    expect(bare).toEqual([]);
    for (const [key, forms] of pluralForms(dict)) expect([key, forms]).toEqual([key, needed]);
  });

  it('each plural key shows its count in the other form', () => {
    for (const key of pluralForms(dict).keys())
      expect([key, placeholders(dict[`${key}_other`] ?? '')]).toContainEqual(expect.arrayContaining(['count']));
  });
});

/**
 * Characters only Simplified Chinese writes, each above the Traditional one it stands for (选择 →
 * 選擇): zh-hk must use none of the first row, zh none of the second. Characters both scripts
 * use (准, 范, 台 …) are not listed.
 */
const SIMPLIFIED_ONLY =
  '择这们时会说对发经过学问题还进动种现开关长门见东车马书币价额数据计设备码账户钱银买卖涨预览页网络链区块资讯闻报观点评论详细请输错误录册邮认证验图选头级结维护应该与为从来个样么没处条项类热内显历总汇场实线钟节载帮费规则权隐务织组团队产态状启订阅读专栏赞质确兑换转浏无筛单双击复标签记仓库约货贷风险韩国语简体罗亚欧万亿两几递属续给编辑删试释义达离联际运营审鉴钥锁静视频须绑励奖层众亏损竞赛师统储挂盘优势荐刚虽毕鲜适宽满汤压缩扩术词汉拟岁传异蓝绿红黄盖极轻边远阶稳跃协议钻矿脑烦恼谁谢赏脸饮馆饭乐艺剧战胜败纪轮铁钢锋闪电气业广庄厅厂县乡镇园围军兴举严丽乱争亲仅伤伦伪侦侧侨债倾偿儿党兰养兽写农冯决况冻净减凑凤凭凯划刘创别刹剂剑劝办劲劳勋匀医华卢卫却厉厌厕参变叙叠号叹吓吗吴呜员响哑哗唤啰喷圆圣坏坚坛坝坞坟坠垄垒垦执扫扬扰抚抛抢担拥拦拨挤挥捡掷搀摄摆摇撑敌斋断旷昼晒晓晕暂机杀杂杨构枪柜栈栋树桥桩梦检楼横欢残毁毙污沟沪泪泽洁浅测济浓涂涛润渐渔温湾湿滚滞灭灯灵灾炉炼烂烟焕爱爷牵犹独狭猎猪猫献环琐画畅疗疯痒瘫盐监础礼祸称积穷窃笔笼筑粮紧纠纯纳纵纷纸纹纺练终绍绕绘绝继绩绪综缓缘罚罢职聪肃肠肤肿胁胶脉脏脚腾舰艰苏苹荣药获莱萝虑虚虾蚀补装觉触讨让训讲许访识诉译诗诚话询诸课调谈谋谓谱贝负贡财责贩贪购贯贵贸贺赋赌赔赖赚赠赵趋践踪轨软较辅辆辈辉辞辽迁迈违连迟逻遗邓邻郑酱针钓钞铃铅铺销锅锦键镜闭闲间阳阴阵陆陈随难雾顺顾顿领颜飞饰驱驶驾骗骚鱼鲁鸡鸣鸭麦齐齿龙';
const TRADITIONAL_ONLY =
  '擇這們時會說對發經過學問題還進動種現開關長門見東車馬書幣價額數據計設備碼賬戶錢銀買賣漲預覽頁網絡鏈區塊資訊聞報觀點評論詳細請輸錯誤錄冊郵認證驗圖選頭級結維護應該與為從來個樣麼沒處條項類熱內顯歷總匯場實線鐘節載幫費規則權隱務織組團隊產態狀啟訂閱讀專欄贊質確兌換轉瀏無篩單雙擊復標簽記倉庫約貨貸風險韓國語簡體羅亞歐萬億兩幾遞屬續給編輯刪試釋義達離聯際運營審鑒鑰鎖靜視頻須綁勵獎層眾虧損競賽師統儲掛盤優勢薦剛雖畢鮮適寬滿湯壓縮擴術詞漢擬歲傳異藍綠紅黃蓋極輕邊遠階穩躍協議鑽礦腦煩惱誰謝賞臉飲館飯樂藝劇戰勝敗紀輪鐵鋼鋒閃電氣業廣莊廳廠縣鄉鎮園圍軍興舉嚴麗亂爭親僅傷倫偽偵側僑債傾償兒黨蘭養獸寫農馮決況凍淨減湊鳳憑凱劃劉創別剎劑劍勸辦勁勞勳勻醫華盧衛卻厲厭廁參變敘疊號嘆嚇嗎吳嗚員響啞嘩喚囉噴圓聖壞堅壇壩塢墳墜壟壘墾執掃揚擾撫拋搶擔擁攔撥擠揮撿擲攙攝擺搖撐敵齋斷曠晝曬曉暈暫機殺雜楊構槍櫃棧棟樹橋樁夢檢樓橫歡殘毀斃汙溝滬淚澤潔淺測濟濃塗濤潤漸漁溫灣濕滾滯滅燈靈災爐煉爛煙煥愛爺牽猶獨狹獵豬貓獻環瑣畫暢療瘋癢癱鹽監礎禮禍稱積窮竊筆籠築糧緊糾純納縱紛紙紋紡練終紹繞繪絕繼績緒綜緩緣罰罷職聰肅腸膚腫脅膠脈髒腳騰艦艱蘇蘋榮藥獲萊蘿慮虛蝦蝕補裝覺觸討讓訓講許訪識訴譯詩誠話詢諸課調談謀謂譜貝負貢財責販貪購貫貴貿賀賦賭賠賴賺贈趙趨踐蹤軌軟較輔輛輩輝辭遼遷邁違連遲邏遺鄧鄰鄭醬針釣鈔鈴鉛鋪銷鍋錦鍵鏡閉閒間陽陰陣陸陳隨難霧順顧頓領顏飛飾驅駛駕騙騷魚魯雞鳴鴨麥齊齒龍';

describe('Chinese scripts', () => {
  const scan = (locale: Locale, chars: string) =>
    Object.entries(flatten(resources[locale])).flatMap(([key, value]) => {
      const found = [...value].filter((c) => chars.includes(c));
      return found.length ? [`${key}: ${found.join('')}`] : [];
    });

  it('zh-hk is written in Traditional characters only ("選择圖片" had a Simplified 择)', () => {
    expect(scan('zh-hk', SIMPLIFIED_ONLY)).toEqual([]);
  });

  it('zh is written in Simplified characters only', () => {
    expect(scan('zh', TRADITIONAL_ONLY)).toEqual([]);
  });

  it('the two rows pair up', () => {
    expect([...SIMPLIFIED_ONLY].length).toBe([...TRADITIONAL_ONLY].length);
  });
});

describe('offering statuses', () => {
  it('have a label of their own in every language (zh had 即将开始 for both "Coming soon" and "Upcoming")', () => {
    for (const l of LOCALES) {
      const statuses = Object.entries(flatten(resources[l])).filter(([k]) => /^ieo\.status\.(?!label$|all$)/.test(k));
      expect(statuses.length).toBeGreaterThan(6);
      expect([l, new Set(statuses.map(([, v]) => v)).size]).toEqual([l, statuses.length]);
    }
  });
});

describe('placeholders', () => {
  it('are all well formed ({{name}}; no stray or tripled braces)', () => {
    for (const l of LOCALES) {
      const bad = Object.entries(flatten(resources[l])).filter(
        ([, v]) => v.replace(/\{\{\s*\w+\s*\}\}/g, '').includes('{{') || /\{\{\{|\}\}\}/.test(v),
      );
      expect([l, bad.map(([k]) => k)]).toEqual([l, []]);
    }
  });
});

describe('English counts', () => {
  // Placeholders that hold names, not numbers ("{{name}} reviews"), and words after a number
  // that it does not count.
  const NAMES = new Set(['name', 'symbol', 'site', 'exchange', 'format']);
  const NOT_COUNTED = new Set(['is', 'was', 'has', 'its', 'this', 'as', 'us', 'does', 's', 'ms', 'news']);
  it('a number placeholder followed by a plural noun is {{count}}, so "1 commits" cannot be written', () => {
    const suspects = Object.entries(en).flatMap(([key, value]) =>
      [...value.matchAll(/\{\{\s*(\w+)\s*\}\}\s+([a-z]+s)\b/g)]
        .filter((m) => m[1] !== 'count' && !NAMES.has(m[1]!) && !NOT_COUNTED.has(m[2]!))
        .map((m) => `${key}: ${m[0]}`),
    );
    expect(suspects).toEqual([]);
  });
});

describe('calls in the source', () => {
  /** Every .ts, .tsx and .astro file under src, tests aside. */
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? sources(p) : /\.(tsx?|astro)$/.test(e.name) && !e.name.includes('.test.') ? [p] : [];
    });
  const plural = new Set([...pluralForms(en).keys()]);
  // t('key') or t('key', { … }) with a literal key; nested t(…) calls in the options are dropped.
  const CALL = /\bt\(\s*'([\w.-]+)'\s*(?:,\s*(\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}))?/g;

  it('pass a count to every plural key, and to no other', () => {
    const wrong: string[] = [];
    for (const file of sources(path.resolve(__dirname, '../..'))) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(CALL)) {
        const [, key, options = ''] = m;
        const counted = /\bcount\s*[:,}]/.test(options.replace(/\bt\([^()]*(?:\([^()]*\)[^()]*)*\)/g, ''));
        if (plural.has(key!) !== counted && (plural.has(key!) || key! in en))
          wrong.push(`${path.relative(process.cwd(), file)}: t('${key}'${options ? ', …' : ''})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('area locale files', () => {
  it('define each top-level key once per locale', () => {
    expect(duplicateKeys).toEqual([]);
  });
});

describe('translator', () => {
  it('keeps concurrent locales apart (one fixed translator per request)', async () => {
    const results = await Promise.all(
      LOCALES.map(async (l) => {
        await new Promise((r) => setTimeout(r, Math.random() * 5));
        return [l, translator(l)('error.backHome')] as const;
      }),
    );
    for (const [l, text] of results) expect(text).toBe(flatten(resources[l])['error.backHome']);
  });

  it('does not fold zh-hk into zh', () => {
    expect(translator('zh-hk')('home.totalVolume')).toBe(flatten(resources['zh-hk'])['home.totalVolume']);
  });
});

describe('translate', () => {
  const t = translator('en');
  it('fills {{name}} placeholders, spaced or not, and keeps one without a value visible', () => {
    const key = Object.entries(en).find(([, v]) => /\{\{\s*\w+\s*\}\}/.test(v))![0];
    const names = placeholders(en[key]!);
    const vars = Object.fromEntries(names.map((n, i) => [n, `V${i}`]));
    const filled = t(key, vars);
    for (const [, v] of Object.entries(vars)) expect(filled).toContain(v);
    expect(filled).not.toContain('{{');
    expect(t(key)).toContain(`{{${names[0]}}}`);
  });

  /** A plural key whose only placeholder is the count. */
  const countOnly = () => [...pluralForms(en).keys()].find((k) => placeholders(en[`${k}_other`]!).join() === 'count')!;

  it('picks the plural form of the count in each language, and shows the count grouped', () => {
    const key = countOnly();
    expect(t(key!, { count: 1 })).toBe(en[`${key}_one`]!.replace(/\{\{\s*count\s*\}\}/, '1'));
    expect(t(key!, { count: 1234 })).toBe(en[`${key}_other`]!.replace(/\{\{\s*count\s*\}\}/, '1,234'));
    for (const l of ['zh', 'zh-hk', 'ko'] as const) {
      const other = flatten(resources[l])[`${key}_other`]!;
      expect(translator(l)(key!, { count: 1 })).toBe(other.replace(/\{\{\s*count\s*\}\}/, '1'));
    }
  });

  it('answers every key and plural form as i18next does (the precompiled table is a faster way to the same text)', () => {
    for (const l of LOCALES) {
      const fixed = i18n.getFixedT(l);
      const mine = translator(l);
      for (const [key, value] of Object.entries(flatten(resources[l]))) {
        const vars = Object.fromEntries(placeholders(value).map((n, i) => [n, `v${i}`]));
        if (PLURAL_FORM.test(key)) {
          const base = key.replace(PLURAL_FORM, '');
          for (const count of [0, 1, 2, 1.5, 21, 1234]) {
            // i18next shows the count as given; the site groups it (1,234), so pass it grouped.
            const theirs = fixed(base, {
              ...vars,
              count,
              replace: { ...vars, count: count.toLocaleString('en-US') },
            } as TOptions);
            expect([l, base, count, mine(base, { ...vars, count })]).toEqual([l, base, count, theirs]);
          }
          continue;
        }
        expect([l, key, mine(key, vars)]).toEqual([l, key, fixed(key, vars)]);
        expect([l, key, mine(key)]).toEqual([l, key, fixed(key)]);
      }
    }
  });

  it('gives islands the plural forms of their language and the locale to choose them by', () => {
    const key = countOnly();
    const prefix = key!.split('.').slice(0, -1).join('.');
    const enDict = islandDict('en', prefix);
    const koDict = islandDict('ko', prefix);
    expect(enDict[`${key}_one`]).toBeDefined();
    expect(koDict[`${key}_one`]).toBeUndefined();
    expect(createTranslator(enDict)(key!, { count: 1 })).toBe(translator('en')(key!, { count: 1 }));
    expect(createTranslator(enDict)(key!, { count: 2500 })).toBe(translator('en')(key!, { count: 2500 }));
    expect(createTranslator(koDict)(key!, { count: 1 })).toBe(translator('ko')(key!, { count: 1 }));
  });

  it('answers a missing key with defaultValue, else the key itself', () => {
    expect(t('no.such.key')).toBe('no.such.key');
    expect(t('no.such.key', { defaultValue: 'Fallback' })).toBe('Fallback');
    expect(translator('zh')('no.such.key', { defaultValue: 'x' })).toBe('x');
  });

  it('hands islands a flat dictionary of whole subtrees, the same object every time', () => {
    const dict = islandDict('zh', 'search');
    expect(Object.keys(dict).length).toBeGreaterThan(3);
    expect(Object.keys(dict).every((k) => k.startsWith('search.') || k === DICT_LOCALE_KEY)).toBe(true);
    expect(dict[DICT_LOCALE_KEY]).toBe('zh');
    expect(dict['search.placeholder']).toBe(flatten(resources.zh)['search.placeholder']);
    expect(islandDict('zh', 'search')).toBe(dict);
  });
});
