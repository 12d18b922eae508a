import {
  CaretRightOutlined,
  CompressOutlined,
  ExpandOutlined,
  MutedOutlined,
  PauseOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  commandForKey,
  createTapDetector,
  doubleTapWindowMs,
  formatPlayerTime,
  seekTarget,
  steppedVolume,
  type PlayerCommand,
} from './video-player-rules';
import './video-player.css';

type CaptionTrack = { language: string; label: string; src: string };

type VideoPlayerProps = {
  src: string;
  /** What the video shows, read out as the player's name. */
  title: string;
  poster?: string;
  captions?: readonly CaptionTrack[];
  /** The captions shown when the viewer turns them on (the interface's language); the first track otherwise. */
  captionLanguage?: string;
};

/**
 * A video with controls that work from the keyboard (arrows seek 10 s, 60 s with Shift, up and down change
 * the volume by 10 %, Space or K play, M mute, F full screen, C captions), by touch (a double tap toggles
 * full screen, a single tap plays or pauses once the double-tap window has passed) and on a 360 px phone.
 */
export function VideoPlayer({ src, title, poster, captions = [], captionLanguage }: VideoPlayerProps) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const singleTapTimer = useRef<number | undefined>(undefined);
  const taps = useMemo(() => createTapDetector(() => performance.now()), []);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [captionsOn, setCaptionsOn] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const captionTrack = captions.find((track) => track.language === captionLanguage) ?? captions[0];

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      window.clearTimeout(singleTapTimer.current);
    };
  }, []);

  // Exactly one caption track shows, and only while captions are on.
  useEffect(() => {
    const tracks = videoRef.current?.textTracks;
    if (!tracks) return;
    for (const track of Array.from(tracks)) {
      track.mode = captionsOn && track.language === captionTrack?.language ? 'showing' : 'hidden';
    }
  }, [captionsOn, captionTrack?.language]);

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) void video.play().catch(() => setPlaying(false));
    else video.pause();
  };

  const toggleFullscreen = () => {
    const frame = frameRef.current;
    if (!frame) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void frame.requestFullscreen?.().catch(() => undefined);
  };

  const run = (command: PlayerCommand) => {
    const video = videoRef.current;
    if (!video) return;
    switch (command.kind) {
      case 'seek': {
        video.currentTime = seekTarget(video.currentTime, command.seconds, video.duration);
        setTime(video.currentTime);
        setAnnouncement(t('videoPlayer.at', { time: formatPlayerTime(video.currentTime) }));
        break;
      }
      case 'volume': {
        video.volume = steppedVolume(video.volume, command.delta);
        video.muted = video.volume === 0;
        setAnnouncement(t('videoPlayer.volumeAt', { percent: Math.round(video.volume * 100) }));
        break;
      }
      case 'togglePlay':
        togglePlay();
        break;
      case 'toggleMute':
        video.muted = !video.muted;
        break;
      case 'toggleFullscreen':
        toggleFullscreen();
        break;
      case 'toggleCaptions':
        if (captionTrack) setCaptionsOn((on) => !on);
        break;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const onButton = event.target instanceof HTMLButtonElement;
    // Space and Enter on a focused button press that button, as everywhere else.
    if (onButton && (event.key === ' ' || event.key === 'Enter')) return;
    const command = commandForKey(event);
    if (!command) return;
    event.preventDefault();
    run(command);
  };

  // The picture itself: one tap or click plays or pauses (after the double-tap window), two toggle full screen.
  const onSurfaceClick = () => {
    window.clearTimeout(singleTapTimer.current);
    if (taps.tap() === 'double') {
      toggleFullscreen();
      return;
    }
    singleTapTimer.current = window.setTimeout(togglePlay, doubleTapWindowMs);
  };

  const seekTo = (seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = seekTarget(0, seconds, video.duration);
  };

  const setVolumeTo = (value: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = steppedVolume(value, 0);
    video.muted = video.volume === 0;
  };

  return (
    <div
      ref={frameRef}
      className={`video-player${fullscreen ? ' video-player-fullscreen' : ''}`}
      role="group"
      aria-label={t('videoPlayer.label', { title })}
      aria-roledescription={t('videoPlayer.role')}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="video-player"
    >
      <div className="video-player-surface" onClick={onSurfaceClick} data-testid="video-surface">
        <video
          ref={videoRef}
          src={src}
          poster={poster}
          preload="metadata"
          playsInline
          className="video-player-video"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
          onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
          onDurationChange={(event) => setDuration(event.currentTarget.duration)}
          onVolumeChange={(event) => {
            setVolume(event.currentTarget.volume);
            setMuted(event.currentTarget.muted);
          }}
        >
          {captions.map((track) => (
            <track key={track.language} kind="captions" src={track.src} srcLang={track.language} label={track.label} />
          ))}
        </video>
        {playing ? null : (
          <span className="video-player-big-play" aria-hidden>
            <CaretRightOutlined />
          </span>
        )}
      </div>
      <div className="video-player-controls">
        <Button
          type="text"
          className="video-player-button"
          icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
          aria-label={playing ? t('videoPlayer.pause') : t('videoPlayer.play')}
          onClick={togglePlay}
        />
        <span className="video-player-time" aria-hidden>
          {formatPlayerTime(time)} / {formatPlayerTime(duration)}
        </span>
        <input
          type="range"
          className="video-player-seek"
          min={0}
          max={Number.isFinite(duration) && duration > 0 ? duration : 0}
          step={1}
          value={time}
          aria-label={t('videoPlayer.seek')}
          aria-valuetext={t('videoPlayer.position', {
            time: formatPlayerTime(time),
            duration: formatPlayerTime(duration),
          })}
          onChange={(event) => seekTo(Number(event.target.value))}
        />
        <Button
          type="text"
          className="video-player-button"
          icon={muted ? <MutedOutlined /> : <SoundOutlined />}
          aria-label={muted ? t('videoPlayer.unmute') : t('videoPlayer.mute')}
          onClick={() => run({ kind: 'toggleMute' })}
        />
        <input
          type="range"
          className="video-player-volume"
          min={0}
          max={1}
          step={0.1}
          value={muted ? 0 : volume}
          aria-label={t('videoPlayer.volume')}
          aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)} %`}
          onChange={(event) => setVolumeTo(Number(event.target.value))}
        />
        {captionTrack ? (
          <Button
            type="text"
            className={`video-player-button video-player-cc${captionsOn ? ' video-player-cc-on' : ''}`}
            // The name holds the visible "CC", as speech control users say what they see.
            aria-label={`${t('videoPlayer.captions')} CC`}
            aria-pressed={captionsOn}
            onClick={() => setCaptionsOn((on) => !on)}
          >
            CC
          </Button>
        ) : null}
        <Button
          type="text"
          className="video-player-button"
          icon={fullscreen ? <CompressOutlined /> : <ExpandOutlined />}
          aria-label={fullscreen ? t('videoPlayer.exitFullscreen') : t('videoPlayer.fullscreen')}
          onClick={toggleFullscreen}
        />
      </div>
      <p className="video-player-hint">{t('videoPlayer.keys')}</p>
      <span className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
