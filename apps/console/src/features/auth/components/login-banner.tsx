import { Carousel } from '@arco-design/web-react';
import { useAuthT } from '../locale/index.ts';

/** A calm illustration per slide: a talent card, the extension at work, a blocked contact. */
function Illustration({ variant }: { variant: 1 | 2 | 3 }) {
  return (
    <svg viewBox="0 0 320 200" className="auth-banner-art" aria-hidden="true">
      <rect x="40" y="24" width="240" height="152" rx="12" fill="rgba(255,255,255,.08)" />
      <rect x="56" y="40" width="208" height="28" rx="6" fill="rgba(255,255,255,.16)" />
      {[0, 1, 2].map((row) => (
        <g key={row} transform={`translate(56 ${80 + row * 30})`}>
          <circle cx="12" cy="12" r="10" fill="rgba(255,255,255,.28)" />
          <rect
            x="30"
            y="5"
            width={variant === 3 && row === 1 ? 90 : 120}
            height="6"
            rx="3"
            fill="rgba(255,255,255,.45)"
          />
          <rect x="30" y="15" width="70" height="5" rx="2.5" fill="rgba(255,255,255,.22)" />
          {variant === 1 && <rect x="168" y="4" width="40" height="16" rx="8" fill="#4080FF" />}
          {variant === 2 && (
            <path
              d="m176 12 6 6 12-12"
              stroke="#23C343"
              strokeWidth="3"
              fill="none"
              strokeLinecap="round"
            />
          )}
          {variant === 3 && row === 1 && (
            <g stroke="#F76560" strokeWidth="3" strokeLinecap="round">
              <path d="m180 4 16 16M196 4l-16 16" />
            </g>
          )}
        </g>
      ))}
    </svg>
  );
}

/** The login side banner with the rotating slogans (spec section 2). */
export function LoginBanner() {
  const { t } = useAuthT();
  const slides = [
    { title: t('banner.slogan1'), sub: t('banner.sub1'), variant: 1 as const },
    { title: t('banner.slogan2'), sub: t('banner.sub2'), variant: 2 as const },
    { title: t('banner.slogan3'), sub: t('banner.sub3'), variant: 3 as const },
  ];
  return (
    <Carousel
      className="auth-carousel"
      autoPlay={{ interval: 4000, hoverToPause: true }}
      indicatorType="slider"
      showArrow="never"
      animation="fade"
    >
      {slides.map((slide) => (
        <div key={slide.variant} className="auth-slide">
          <div className="auth-slide-title">{slide.title}</div>
          <div className="auth-slide-sub">{slide.sub}</div>
          <Illustration variant={slide.variant} />
        </div>
      ))}
    </Carousel>
  );
}
