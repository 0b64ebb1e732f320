/**
 * The focal point of a cover: the spot the site keeps in view when it crops the picture to a
 * wide banner or a square card. Click (or tap) the picture, or move the two sliders with the
 * arrow keys; the crops below show the result as the site will cut it.
 */
import { useId, type MouseEvent } from 'react'
import type { PicturePreview } from '#common/content-admin.ts'

export interface FocalPoint {
  x: number
  y: number
}

const CROPS = [
  ['Wide banner', 'aspect-video'],
  ['Card', 'aspect-4/3'],
  ['Square', 'aspect-square'],
] as const

const percent = (value: number) => Math.round(value * 100)

export function FocalPointPicker({
  picture: { src, color, width, height },
  value,
  onChange,
}: {
  /** The picture, as content previews describe it. */
  picture: Pick<PicturePreview, 'src' | 'color' | 'width' | 'height'>
  value: FocalPoint
  onChange: (point: FocalPoint) => void
}) {
  const id = useId()
  const position = `${percent(value.x)}% ${percent(value.y)}%`

  function pick(event: MouseEvent<HTMLImageElement>) {
    const box = event.currentTarget.getBoundingClientRect()
    const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 100) / 100))
    onChange({
      x: clamp((event.clientX - box.left) / box.width),
      y: clamp((event.clientY - box.top) / box.height),
    })
  }

  return (
    <div className="flex flex-col gap-4">
      <p id={`${id}-hint`} className="text-sm text-ink-soft">
        Click the part of the picture that must stay in view when it is cropped, or use the sliders
        (arrow keys move them).
      </p>
      <div className="relative self-start">
        {/* The sliders below do the same with the keyboard. */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
        <img
          src={src}
          alt=""
          width={width}
          height={height}
          onClick={pick}
          style={{ backgroundColor: color }}
          className="block max-h-96 w-auto max-w-full cursor-crosshair rounded-xl"
        />
        <span
          aria-hidden="true"
          style={{ left: `${percent(value.x)}%`, top: `${percent(value.y)}%` }}
          className="pointer-events-none absolute size-8 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-paper bg-clay/60 shadow-card ring-2 ring-ink"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ['x', 'From the left'],
            ['y', 'From the top'],
          ] as const
        ).map(([axis, label]) => (
          <div key={axis} className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-${axis}`} className="text-sm font-semibold">
              {label}: {percent(value[axis])}%
            </label>
            <input
              id={`${id}-${axis}`}
              type="range"
              min={0}
              max={100}
              step={1}
              value={percent(value[axis])}
              aria-describedby={`${id}-hint`}
              aria-valuetext={`${percent(value[axis])}% ${label.toLowerCase()}`}
              onChange={(event) => onChange({ ...value, [axis]: Number(event.target.value) / 100 })}
              className="min-h-11 accent-clay"
            />
          </div>
        ))}
      </div>
      <div>
        <p className="mb-2 text-sm font-semibold">How the site crops it</p>
        <ul className="grid grid-cols-3 gap-3">
          {CROPS.map(([label, ratio]) => (
            <li key={label} className="flex flex-col gap-1">
              <img
                src={src}
                alt=""
                style={{ objectPosition: position, backgroundColor: color }}
                className={`${ratio} w-full rounded-lg object-cover`}
              />
              <span className="text-xs text-ink-soft">{label}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
