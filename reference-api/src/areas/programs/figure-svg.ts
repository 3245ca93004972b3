/**
 * Generated exercise media: a stick figure in the exercise's position, drawn as SVG. The thumbnail is the
 * start pose; the animation moves the exercised joint with SMIL (`animateTransform`), looping. Pure and
 * deterministic (the seed stores the output in the file store).
 */

export type Position = "Standing" | "Prone" | "Side Lying" | "Supine" | "Seated" | "Quadruped" | "Kneeling";
export type Motion =
  | "shoulderFlex" | "shoulderExt" | "shoulderAbd" | "shoulderExtRot" | "elbowFlex" | "wrist"
  | "hipAbd" | "hipFlex" | "hipExt" | "kneeExt" | "kneeFlex" | "ankle" | "heelRaise"
  | "neckRot" | "neckFlex" | "trunkFlex" | "trunkExt" | "trunkSide" | "trunkRot" | "bridge" | "squat" | "hold";

export interface FigureSpec {
  position: Position;
  motion: Motion;
  /** FRONT and BACK draw the figure facing the camera, SIDE in profile. */
  subjectOrientation: "FRONT" | "SIDE" | "BACK";
  cameraOrientation: "PORTRAIT" | "LANDSCAPE";
  sequence: "SINGLE" | "BILATERAL" | "ALTERNATING";
  equipment: string[];
  title: string;
}

type Joint = "root" | "torso" | "neck" | "armA" | "armB" | "foreA" | "foreB" | "thighA" | "thighB" | "shinA" | "shinB" | "footA" | "footB";
/** Angles in degrees, SVG convention (positive turns clockwise on screen; 0 points down). "A" limbs are the near/left-on-screen ones. */
type Pose = Record<Exclude<Joint, "root">, number> & { bodyRot: number; thighLen: number };
interface Move { joint: Joint; delta: number; translate?: boolean; begin?: number }

const SEG = { torso: 58, neck: 8, head: 11, upper: 30, fore: 28, thigh: 42, shin: 42, foot: 11 };

function basePose(position: Position, side: boolean): Pose {
  const p: Pose = { bodyRot: 0, torso: 180, neck: 0, armA: 180, armB: 180, foreA: 0, foreB: 0, thighA: 0, thighB: 0, shinA: 0, shinB: 0, footA: 0, footB: 0, thighLen: SEG.thigh };
  switch (position) {
    case "Seated":
      if (side) Object.assign(p, { thighA: -90, thighB: -90, shinA: 90, shinB: 90 });
      else p.thighLen = 12; // thighs point at the camera
      break;
    case "Supine":
      p.bodyRot = -90;
      break;
    case "Prone":
      p.bodyRot = 90;
      break;
    case "Side Lying":
      p.bodyRot = -90;
      break;
    case "Quadruped":
      // Torso tilted up toward the shoulders: the arms are longer than the thighs.
      Object.assign(p, { torso: -106, armA: 106, armB: 106, shinA: 90, shinB: 90 });
      break;
    case "Kneeling":
      Object.assign(p, { shinA: 90, shinB: 90 });
      break;
    default:
      break;
  }
  return p;
}

/** Which joints move, and how far, for a motion seen from a side. */
function moves(motion: Motion, side: boolean, position: Position): Move[] {
  const lying = position === "Supine" || position === "Prone" || position === "Side Lying";
  switch (motion) {
    case "shoulderFlex": return side ? [{ joint: "armA", delta: -150 }] : [{ joint: "armA", delta: 150 }];
    case "shoulderExt": return [{ joint: "armA", delta: side ? 50 : 30 }];
    case "shoulderAbd": return [{ joint: "armA", delta: side ? -90 : 150 }];
    case "shoulderExtRot": return [{ joint: "foreA", delta: side ? -70 : 70 }];
    case "elbowFlex": return [{ joint: "foreA", delta: side ? -130 : 130 }];
    case "wrist": return [{ joint: "foreA", delta: -30 }];
    case "hipAbd":
      // Lying on the side, the top leg ("B" in the rotated body) lifts toward the ceiling.
      return position === "Side Lying" ? [{ joint: "thighB", delta: -35 }] : [{ joint: "thighA", delta: side ? -30 : 35 }];
    case "hipFlex": return [{ joint: "thighA", delta: lying ? -60 : -80 }, ...(lying ? [] : [{ joint: "shinA" as Joint, delta: 80 }])];
    case "hipExt": return [{ joint: "thighA", delta: 25 }];
    case "kneeExt": return position === "Seated" ? [{ joint: "shinA", delta: -80 }] : [{ joint: "shinA", delta: lying ? -45 : -60 }];
    // Lying on the back the heel slides along the floor: the hip bends with the knee.
    case "kneeFlex": return position === "Supine" ? [{ joint: "thighA", delta: -50 }, { joint: "shinA", delta: 100 }] : [{ joint: "shinA", delta: 90 }];
    case "ankle": return [{ joint: "footA", delta: -30 }];
    case "heelRaise": return [{ joint: "root", delta: -8, translate: true }, { joint: "footA", delta: 20 }, { joint: "footB", delta: 20 }];
    case "neckRot": return [{ joint: "neck", delta: 30 }];
    case "neckFlex": return [{ joint: "neck", delta: side ? 35 : 20 }];
    case "trunkFlex": return [{ joint: "torso", delta: side ? 45 : 10 }];
    case "trunkExt": return [{ joint: "torso", delta: side ? -30 : -10 }];
    case "trunkSide": return [{ joint: "torso", delta: 25 }];
    case "trunkRot": return [{ joint: "torso", delta: 15 }, { joint: "armA", delta: 30 }, { joint: "armB", delta: 30 }];
    case "bridge": return [{ joint: "root", delta: -14, translate: true }];
    case "squat": return [{ joint: "root", delta: 18, translate: true }, { joint: "thighA", delta: -55 }, { joint: "thighB", delta: -55 }, { joint: "shinA", delta: 100 }, { joint: "shinB", delta: 100 }];
    case "hold": return [{ joint: "root", delta: -2, translate: true }];
  }
}

/** The other side's joint of a limb joint ("armA" → "armB"), or null for trunk joints. */
function mirrorJoint(j: Joint): Joint | null {
  if (j.endsWith("A")) return (j.slice(0, -1) + "B") as Joint;
  return null;
}

function withSequence(ms: Move[], sequence: FigureSpec["sequence"], side: boolean): Move[] {
  if (sequence === "SINGLE") return ms;
  const out = [...ms];
  for (const m of ms) {
    const other = mirrorJoint(m.joint);
    if (!other || ms.some((x) => x.joint === other)) continue;
    // Facing the camera the other side moves mirrored; in profile it moves the same way.
    out.push({ joint: other, delta: side ? m.delta : -m.delta, begin: sequence === "ALTERNATING" ? 1.5 : 0 });
  }
  return out;
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();

export function figureSvg(spec: FigureSpec, animated: boolean): string {
  // On all fours or kneeling the figure is always drawn in profile.
  const side = spec.subjectOrientation === "SIDE" || spec.position === "Quadruped" || spec.position === "Kneeling";
  const landscape = spec.cameraOrientation === "LANDSCAPE";
  const [w, h] = landscape ? [240, 180] : [180, 240];
  const pose = basePose(spec.position, side);
  const motionList = withSequence(moves(spec.motion, side, spec.position), spec.sequence, side);
  const dur = spec.sequence === "ALTERNATING" ? 3 : 2.4;
  const anim = (j: Joint): string => {
    if (!animated) return "";
    return motionList
      .filter((m) => m.joint === j)
      .map((m) => {
        const begin = m.begin ? ` begin="${m.begin}s"` : "";
        if (m.translate) {
          return `<animateTransform attributeName="transform" type="translate" additive="sum" values="0 0;0 ${f(m.delta)};0 0" dur="${dur}s"${begin} repeatCount="indefinite" calcMode="spline" keySplines=".4 0 .6 1;.4 0 .6 1"/>`;
        }
        return `<animateTransform attributeName="transform" type="rotate" additive="sum" values="0;${f(m.delta)};0" dur="${dur}s"${begin} repeatCount="indefinite" calcMode="spline" keySplines=".4 0 .6 1;.4 0 .6 1"/>`;
      })
      .join("");
  };
  const line = (len: number, extra = "") => `<line x1="0" y1="0" x2="0" y2="${f(len)}"${extra}/>`;
  const far = side ? ' opacity="0.45"' : "";
  const shoulderX = side ? 0 : 19;
  const hipX = side ? 0 : 9;

  const arm = (key: "A" | "B", x: number, dim: string) =>
    `<g transform="translate(${f(x)} ${SEG.torso - 4}) rotate(${f(pose[`arm${key}`])})"${dim}>${anim(`arm${key}`)}${line(SEG.upper)}` +
    `<g transform="translate(0 ${SEG.upper}) rotate(${f(pose[`fore${key}`])})">${anim(`fore${key}`)}${line(SEG.fore)}<circle cx="0" cy="${SEG.fore + 3}" r="3" class="j"/></g></g>`;
  const leg = (key: "A" | "B", x: number, dim: string) =>
    `<g transform="translate(${f(x)} 0) rotate(${f(pose[`thigh${key}`])})"${dim}>${anim(`thigh${key}`)}${line(pose.thighLen)}` +
    `<g transform="translate(0 ${f(pose.thighLen)}) rotate(${f(pose[`shin${key}`])})">${anim(`shin${key}`)}${line(SEG.shin)}` +
    `<g transform="translate(0 ${SEG.shin}) rotate(${f(pose[`foot${key}`])})">${anim(`foot${key}`)}` +
    (side ? `<line x1="-2" y1="0" x2="${SEG.foot}" y2="0"/>` : `<line x1="-4" y1="0" x2="4" y2="0"/>`) +
    `</g></g></g>`;

  // In the torso's frame (rotated 180° when upright) +x is screen-left: the "A" arm is drawn there.
  const torso =
    `<g transform="rotate(${f(pose.torso)})">${anim("torso")}${line(SEG.torso)}` +
    (side ? "" : `<line x1="${-shoulderX}" y1="${SEG.torso - 4}" x2="${shoulderX}" y2="${SEG.torso - 4}"/>`) +
    `<g transform="translate(0 ${SEG.torso}) rotate(${f(pose.neck)})">${anim("neck")}${line(SEG.neck)}<circle cx="0" cy="${SEG.neck + SEG.head}" r="${SEG.head}" class="head"/></g>` +
    arm("B", -shoulderX, far) +
    arm("A", shoulderX, "") +
    `</g>`;
  const hips = side ? "" : `<line x1="${-hipX}" y1="0" x2="${hipX}" y2="0"/>`;
  // Legs: in the body frame +x is screen-right, so the "A" leg goes at -x to sit on screen-left facing the camera.
  const legs = leg("B", side ? 0 : hipX, far) + leg("A", side ? 0 : -hipX, "");

  const lying = pose.bodyRot !== 0;
  const pelvis = lying
    ? [w * 0.5 - (pose.bodyRot < 0 ? -10 : 10), h * 0.62]
    : spec.position === "Quadruped"
      ? [w * 0.36, h - 18 - SEG.thigh - 3]
      : spec.position === "Kneeling"
        ? [w * 0.45, h - 28 - SEG.thigh]
        : spec.position === "Seated"
          ? [w * 0.42, h - 24 - SEG.shin - (side ? 0 : 10)]
          : [w * 0.5, h - 22 - SEG.thigh - SEG.shin];
  const floorY = lying ? h * 0.62 + 16 : h - 18;

  const props: string[] = [];
  if (spec.position === "Seated" || spec.equipment.includes("Chair")) {
    const [px, py] = pelvis as [number, number];
    props.push(`<rect x="${f(px - 22)}" y="${f(py + 4)}" width="40" height="6" rx="2" class="prop"/><line x1="${f(px - 20)}" y1="${f(py + 10)}" x2="${f(px - 20)}" y2="${f(floorY)}" class="prop-l"/><line x1="${f(px + 14)}" y1="${f(py + 10)}" x2="${f(px + 14)}" y2="${f(floorY)}" class="prop-l"/>`);
  }
  if (lying || spec.position === "Quadruped" || spec.position === "Kneeling") {
    props.push(`<rect x="12" y="${f(floorY - 4)}" width="${w - 24}" height="5" rx="2" class="mat"/>`);
  }
  if (spec.equipment.includes("Physioball")) props.push(`<circle cx="${f(w * 0.8)}" cy="${f(floorY - 18)}" r="18" class="prop"/>`);

  const [px, py] = pelvis as [number, number];
  const figure =
    `<g transform="translate(${f(px)} ${f(py)})">${anim("root")}<g transform="rotate(${f(pose.bodyRot)})">${torso}${hips}${legs}</g></g>`;
  const title = spec.title.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<style>line{stroke:#1f3a5f;stroke-width:6;stroke-linecap:round}.head{fill:#1f3a5f}.j{fill:#1f3a5f}` +
    `.prop{fill:#cfd8e3}.prop-l{stroke:#cfd8e3;stroke-width:4}.mat{fill:#9ad1c4}.floor{stroke:#d9e2ec;stroke-width:2}</style>` +
    `<rect width="${w}" height="${h}" fill="#f5f8fb"/>` +
    `<line x1="6" y1="${f(floorY)}" x2="${w - 6}" y2="${f(floorY)}" class="floor"/>` +
    props.join("") +
    figure +
    `</svg>`
  );
}
