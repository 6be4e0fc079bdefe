/**
 * The names readers of each language know the top coins by, keyed by symbol (the top list's
 * symbols are unique). Chinese readers call the old, well-known coins by Chinese names (比特币,
 * 以太坊, 狗狗币) and newer tokens by their English name, so zh and zh-hk are left out where no
 * Chinese name is in common use: the page then shows the English name, as Chinese sites do.
 * Korean exchanges (Upbit, Bithumb) list every coin under a Hangul name.
 */
interface CoinNameSet {
  zh?: string;
  'zh-hk'?: string;
  ko?: string;
}

export const COIN_NAMES: Record<string, CoinNameSet> = {
  BTC: { zh: '比特币', 'zh-hk': '比特幣', ko: '비트코인' },
  ETH: { zh: '以太坊', 'zh-hk': '以太坊', ko: '이더리움' },
  USDT: { zh: '泰达币', 'zh-hk': '泰達幣', ko: '테더' },
  XRP: { zh: '瑞波币', 'zh-hk': '瑞波幣', ko: '리플' },
  BNB: { zh: '币安币', 'zh-hk': '幣安幣', ko: '바이낸스코인' },
  SOL: { zh: '索拉纳', 'zh-hk': '索拉納', ko: '솔라나' },
  USDC: { ko: '유에스디코인' },
  DOGE: { zh: '狗狗币', 'zh-hk': '狗狗幣', ko: '도지코인' },
  TRX: { zh: '波场', 'zh-hk': '波場', ko: '트론' },
  ADA: { zh: '艾达币', 'zh-hk': '艾達幣', ko: '에이다' },
  HYPE: { ko: '하이퍼리퀴드' },
  LINK: { ko: '체인링크' },
  USDE: { ko: '에테나 USDe' },
  BCH: { zh: '比特币现金', 'zh-hk': '比特幣現金', ko: '비트코인캐시' },
  XLM: { zh: '恒星币', 'zh-hk': '恆星幣', ko: '스텔라루멘' },
  SUI: { ko: '수이' },
  AVAX: { zh: '雪崩协议', 'zh-hk': '雪崩協議', ko: '아발란체' },
  LEO: { ko: '레오' },
  HBAR: { zh: '海德拉', 'zh-hk': '海德拉', ko: '헤데라' },
  LTC: { zh: '莱特币', 'zh-hk': '萊特幣', ko: '라이트코인' },
  TON: { ko: '톤코인' },
  SHIB: { zh: '柴犬币', 'zh-hk': '柴犬幣', ko: '시바이누' },
  DOT: { zh: '波卡', 'zh-hk': '波卡', ko: '폴카닷' },
  XMR: { zh: '门罗币', 'zh-hk': '門羅幣', ko: '모네로' },
  DAI: { ko: '다이' },
  WBTC: { zh: '包装比特币', 'zh-hk': '包裝比特幣', ko: '랩트비트코인' },
  BGB: { ko: '비트겟토큰' },
  UNI: { ko: '유니스왑' },
  PEPE: { ko: '페페' },
  AAVE: { ko: '에이브' },
  NEAR: { ko: '니어프로토콜' },
  APT: { ko: '앱토스' },
  OKB: { ko: '오케이비' },
  ICP: { zh: '互联网计算机', 'zh-hk': '互聯網電腦', ko: '인터넷컴퓨터' },
  ETC: { zh: '以太经典', 'zh-hk': '以太經典', ko: '이더리움클래식' },
  ONDO: { ko: '온도파이낸스' },
  CRO: { ko: '크로노스' },
  POL: { ko: '폴리곤' },
  TAO: { ko: '비트텐서' },
  ATOM: { ko: '코스모스' },
  ENA: { ko: '에테나' },
  KAS: { ko: '카스파' },
  ALGO: { ko: '알고랜드' },
  ARB: { ko: '아비트럼' },
  FIL: { zh: '文件币', 'zh-hk': '文件幣', ko: '파일코인' },
  VET: { zh: '唯链', 'zh-hk': '唯鏈', ko: '비체인' },
  RNDR: { ko: '렌더토큰' },
  WLD: { zh: '世界币', 'zh-hk': '世界幣', ko: '월드코인' },
  OP: { ko: '옵티미즘' },
  JUP: { ko: '주피터' },
};
